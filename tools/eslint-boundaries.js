// @ts-check
/**
 * STYLE.md 8 import boundaries as a tiny local ESLint rule: a file inside a zone's `target` may not
 * import (relatively) anything inside its `from`, unless the import lands in one of `except`
 * (relative to `from`). Same zone shape as import-x/no-restricted-paths, without its native
 * resolver (whose platform bindings our registry does not serve).
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @param {string} p */
const inside = (p, dir) => p === dir || p.startsWith(dir + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
const noRestrictedPaths = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { zones: { type: 'array' } } }],
    messages: { restricted: 'Unexpected path "{{path}}" imported in restricted zone.{{message}}' },
  },
  create(context) {
    /** @type {{target: string, from: string, except?: string[], message?: string}[]} */
    const zones = context.options[0]?.zones ?? [];
    const file = context.filename;
    const active = zones.filter((zone) => inside(file, path.resolve(root, zone.target)));
    if (active.length === 0) return {};
    /** @param {any} node */
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      for (const zone of active) {
        const from = path.resolve(root, zone.from);
        if (!inside(target, from)) continue;
        const excepted = (zone.except ?? []).some((e) => inside(target, path.resolve(from, e)));
        if (excepted) continue;
        context.report({
          node: node.source,
          messageId: 'restricted',
          data: { path: spec, message: zone.message ? ` ${zone.message}` : '' },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };
