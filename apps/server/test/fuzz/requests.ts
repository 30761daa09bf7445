import fc from 'fast-check';
import {
  anyJson,
  badDates,
  badValue,
  hostileTexts,
  okValue,
  type Schema,
} from './schema-values.js';

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
};

/** One operation of the OpenAPI document, its schemas with references resolved. */
export type Operation = {
  method: string;
  /** As documented: `/api/device/{id}`. */
  path: string;
  params: Parameter[];
  body: Schema | undefined;
};

export type FuzzRequest = {
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** What was made bad, for the failure message. */
  note: string;
};

type Document = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, Schema> };
};

function resolver(document: Document) {
  const resolve = (schema: unknown, depth = 0): Schema => {
    if (typeof schema !== 'object' || schema === null || depth > 20) return {};
    const node = schema as Schema & Record<string, unknown>;
    if (node.$ref) {
      const name = node.$ref.split('/').at(-1) ?? '';
      return resolve(document.components?.schemas?.[name], depth + 1);
    }
    const out: Record<string, unknown> = { ...node };
    if (node.properties)
      out.properties = Object.fromEntries(
        Object.entries(node.properties).map(([key, value]) => [key, resolve(value, depth + 1)]),
      );
    if (node.items) out.items = resolve(node.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
      if (node[key]) out[key] = node[key].map((value) => resolve(value, depth + 1));
    return out;
  };
  return resolve;
}

/** Every operation of the document (the docs UI's own routes left out). */
export function operationsOf(document: Document): Operation[] {
  const resolve = resolver(document);
  return Object.entries(document.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const content = (
          operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined
        )?.content;
        const body = content?.['application/json']?.schema;
        return {
          method: method.toUpperCase(),
          path,
          params: (operation.parameters ?? []).map((param) => ({
            ...param,
            schema: resolve(param.schema),
          })),
          body: body === undefined ? undefined : resolve(body),
        };
      }),
    );
}

const typeOf = (schema: Schema) =>
  schema.enum ? 'enum' : ([schema.type].flat().find((type) => type && type !== 'null') ?? 'string');

/** A query, path or header value (always text) that the parameter's schema refuses. */
function badText(schema: Schema): fc.Arbitrary<string> {
  const nul = fc.constantFrom('a\u0000b', '\u0000');
  const specific: fc.Arbitrary<string>[] = [];
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number')
    specific.push(fc.constantFrom('abc', 'NaN', '0x1g', '--1'));
  if (type === 'integer') specific.push(fc.constant('1.5'));
  if (type === 'enum') specific.push(fc.constantFrom('not-an-option', 'ÜNKNOWN'));
  if (schema.format === 'uuid')
    specific.push(fc.constantFrom('not-a-uuid', '..%2f..', 'ẞ'.repeat(300)));
  if (schema.format === 'date-time' || schema.format === 'date')
    specific.push(fc.constantFrom(...badDates.filter(Boolean)));
  if (typeof schema.maxLength === 'number' && schema.maxLength < 50_000)
    specific.push(fc.constant('ẞ'.repeat(schema.maxLength + 1)));
  return fc.oneof(nul, ...specific);
}

/** A valid text value for a parameter (real ids for uuids, so that routes reach their data). */
function okText(schema: Schema, ids: string[]): fc.Arbitrary<string> {
  return okValue(schema, ids).map((value) =>
    typeof value === 'string' ? value : JSON.stringify(value),
  );
}

/** A valid-looking but hostile text: unicode, SQL, LIKE wildcards, bounds (for reads). */
function hostileText(schema: Schema, ids: string[]): fc.Arbitrary<string> {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    const edges = [schema.minimum, schema.maximum].filter(
      (value): value is number => typeof value === 'number',
    );
    return fc.constantFrom(...edges.map(String), '0', '1');
  }
  if (type === 'string' && !schema.format && !schema.pattern)
    return fc.constantFrom(
      ...hostileTexts.filter((text) => !text.includes('\u0000')),
      'x'.repeat(schema.maxLength ?? 5000),
    );
  return okText(schema, ids);
}

function url(op: Operation, path: Record<string, string>, query: Record<string, string>): string {
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(path[name] ?? ''),
  );
  const search = new URLSearchParams(query).toString();
  return search ? `${filled}?${search}` : filled;
}

type Parts = {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
};

/** The parameters filled validly, or with one of them replaced by `replace`. */
function parts(
  op: Operation,
  ids: string[],
  replace?: { param: Parameter; value: fc.Arbitrary<string> },
) {
  const entries = op.params
    .filter((param) => param.required || param === replace?.param || param.in === 'path')
    .map(
      (param) =>
        [param, param === replace?.param ? replace.value : okText(param.schema, ids)] as const,
    );
  return fc.tuple(...entries.map(([, value]) => value)).map((values) => {
    const filled: Parts = { path: {}, query: {}, headers: {} };
    entries.forEach(([param], index) => {
      const bucket =
        param.in === 'path' ? filled.path : param.in === 'query' ? filled.query : filled.headers;
      bucket[param.name] = values[index] ?? '';
    });
    return filled;
  });
}

const json = { 'content-type': 'application/json' };

/** Requests that `op` must refuse: at least one part of each is invalid, so nothing may change. */
export function badRequestOf(op: Operation, ids: string[]): fc.Arbitrary<FuzzRequest> {
  const options: fc.Arbitrary<FuzzRequest>[] = [];
  const build = (filled: Parts, payload: string | undefined, note: string): FuzzRequest => ({
    url: url(op, filled.path, filled.query),
    headers: { ...(payload === undefined ? {} : json), ...filled.headers },
    payload,
    note,
  });
  for (const param of op.params) {
    const bad = parts(op, ids, { param, value: badText(param.schema) });
    const body = op.body
      ? okValue(op.body, ids).map((value) => JSON.stringify(value))
      : fc.constant(undefined);
    options.push(
      fc
        .tuple(bad, body)
        .map(([filled, payload]) => build(filled, payload, `${param.in} ${param.name}`)),
    );
  }
  if (op.body) {
    const body = op.body;
    const mutated = okValue(body, ids).chain((value) => {
      const keys =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? Object.keys(body.properties ?? {})
          : [];
      if (keys.length === 0) return badValue(body).map((bad) => ({ value: bad, field: '(body)' }));
      return fc.constantFrom(...keys).chain((key) =>
        badValue(body.properties?.[key] ?? {}).map((bad) => ({
          value: { ...(value as object), [key]: bad },
          field: key,
        })),
      );
    });
    options.push(
      fc
        .tuple(parts(op, ids), mutated)
        .map(([filled, { value, field }]) => build(filled, JSON.stringify(value), `body ${field}`)),
      fc
        .tuple(parts(op, ids), anyJson)
        .map(([filled, value]) => build(filled, JSON.stringify(value), 'body any')),
    );
  }
  if (op.method !== 'GET') {
    options.push(
      fc
        .tuple(
          parts(op, ids),
          fc.constantFrom('{"a":', '[1,,2]', '\u0000', '{"x":"\\ud800"', 'nul\u0000l'),
        )
        .map(([filled, payload]) => build(filled, payload, 'malformed json')),
    );
  }
  return options.length > 0
    ? fc.oneof(...options)
    : fc.constant(build({ path: {}, query: {}, headers: {} }, undefined, 'no input'));
}

/** Valid-shaped reads with hostile values (unicode, SQL, LIKE, bounds): none may fail with 5xx. */
export function hostileReadOf(op: Operation, ids: string[]): fc.Arbitrary<FuzzRequest> | undefined {
  const queries = op.params.filter((param) => param.in === 'query');
  if (op.method !== 'GET' || queries.length === 0) return undefined;
  return fc
    .constantFrom(...queries)
    .chain((param) =>
      parts(op, ids, { param, value: hostileText(param.schema, ids) }).map((filled) => ({
        filled,
        param,
      })),
    )
    .map(({ filled, param }) => ({
      url: url(op, filled.path, filled.query),
      headers: filled.headers,
      payload: undefined,
      note: `hostile query ${param.name}`,
    }));
}
