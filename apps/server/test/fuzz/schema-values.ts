import fc from 'fast-check';

/** The parts of JSON Schema (OpenAPI 3.0 flavour) the API's documents use. */
export type Schema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  $ref?: string;
};

/** Strings that have broken servers: NUL, other controls, bidi overrides, emoji, SQL and LIKE. */
export const hostileTexts = [
  'a\u0000b',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627 ☃ 💥 𝕍',
  "'; drop table users; --",
  '%_%\\',
  '=2+3',
  '\ud800',
  ' ',
  '\u0001\u001f\u007f',
  '../../etc/passwd',
  '<script>alert(1)</script>',
];

/** Dates no parser should take. */
export const badDates = [
  'not a date',
  '2021-13-45T25:61:00Z',
  '2021-02-30',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:01Z',
  '1e999',
  '',
];

const nested = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(null, true, -1, 1e308, 'x'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'x\u0000'), tie('node'), {
      maxKeys: 3,
    }),
  ),
})).node;

/** Any JSON value at all: the wrong type for almost everything. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, -1e308, 1e308, '', [], {}),
  fc.constantFrom(...hostileTexts),
  nested,
);

const typesOf = (schema: Schema): string[] => {
  if (schema.enum) return ['enum'];
  if (schema.const !== undefined) return ['const'];
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
};

/** Values of the wrong JSON type for `schema`, so certainly refused. */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const candidates: unknown[] = [{ nested: { deep: [1, 'two'] } }, [1, 2, 3], 12345, true, 'text'];
  const wrong = candidates.filter((value) => {
    if (Array.isArray(value)) return !types.includes('array');
    if (typeof value === 'object') return !types.includes('object');
    if (typeof value === 'number') return !types.includes('number') && !types.includes('integer');
    if (typeof value === 'boolean') return !types.includes('boolean');
    return !types.includes('string') && !types.includes('enum');
  });
  return fc.constantFrom(...(wrong.length > 0 ? wrong : [{ nested: true }]));
}

/** Values that break `schema`'s own limits (length, range, enum, format), same type. */
function outOfBounds(schema: Schema): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  const types = typesOf(schema);
  if (types.includes('enum') || types.includes('const'))
    out.push(fc.constantFrom('not-an-option', 'ÜNKNOWN', '\u0000', ...hostileTexts.slice(2, 4)));
  if (types.includes('string')) {
    out.push(fc.constantFrom(...hostileTexts.filter((text) => text.includes('\u0000'))));
    if (schema.maxLength !== undefined && schema.maxLength < 100_000)
      out.push(fc.constant('ẞ'.repeat(schema.maxLength + 1)));
    if (schema.format === 'date-time' || schema.format === 'date')
      out.push(fc.constantFrom(...badDates));
    if (schema.format === 'uuid') out.push(fc.constantFrom('not-a-uuid', '1', 'ffff'));
    if (schema.format === 'email') out.push(fc.constantFrom('no-at-sign', '@', 'a@b'));
  }
  if (types.includes('integer')) out.push(fc.constantFrom(1.5, -0.5));
  if (types.includes('number') || types.includes('integer')) {
    if (typeof schema.minimum === 'number' && schema.minimum > -1e15)
      out.push(fc.constant(schema.minimum - 1));
    if (typeof schema.maximum === 'number' && schema.maximum < 1e15)
      out.push(fc.constant(schema.maximum + 1));
  }
  if (types.includes('array') && schema.maxItems !== undefined && schema.maxItems < 2000)
    out.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => 'x')));
  return out;
}

/** A value `schema` refuses: of the wrong type, or out of its own bounds. */
export function badValue(schema: Schema): fc.Arbitrary<unknown> {
  return fc.oneof(wrongType(schema), ...outOfBounds(schema));
}

/** A plausible valid value of `schema`, built from `ids` (real uuids) where uuids are asked. */
export function okValue(schema: Schema, ids: string[]): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => okValue(variant, ids)));
  const type = typesOf(schema).find((name) => name !== 'null') ?? 'string';
  switch (type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const low = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const high =
        typeof schema.maximum === 'number' ? Math.min(schema.maximum, low + 1000) : low + 1000;
      return fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
    }
    case 'array':
      return fc.array(okValue(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object':
      return okObject(schema, ids);
    default:
      return okString(schema, ids);
  }
}

function okString(schema: Schema, ids: string[]): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') return fc.constantFrom(...ids);
  if (schema.format === 'date-time')
    return fc.constantFrom('2025-03-01T00:00:00Z', new Date().toISOString());
  if (schema.format === 'email')
    return fc.constantFrom('fuzz@vigil.example', 'owner@demo.vigil.test');
  const length = Math.max(schema.minLength ?? 1, 3);
  return fc.constant('f'.repeat(Math.min(length, schema.maxLength ?? length)));
}

function okObject(schema: Schema, ids: string[]): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return fc.record(
    Object.fromEntries(properties.map(([name, property]) => [name, okValue(property, ids)])),
    { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) },
  );
}
