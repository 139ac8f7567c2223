// @ts-check
import path from 'node:path';

/**
 * DESIGN §8: imports in apps/web/src run one way, app → features → shared.
 * - features/<name>/ may not import app/ nor another feature;
 * - shared code (components/, lib/, session/) may import neither app/ nor features/.
 * The web code imports by relative path, so a `no-restricted-imports` pattern cannot tell
 * `../products/x` inside one feature from another feature; this rule resolves the path first
 * (docs/decisions/0160-one-way-web-imports.md). Tests compose the whole app, like app/, and are exempt.
 */
const SHARED = new Set(['components', 'lib', 'session']);

/** The layer of a file below apps/web/src: { top, feature } or null when outside src. */
function layerOf(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('src');
  if (at < 1 || parts[at - 1] !== 'web') return null;
  const [top, feature] = parts.slice(at + 1);
  return { top, feature: top === 'features' ? feature : undefined };
}

/** @type {import('eslint').Rule.RuleModule} */
const oneWayImports = {
  meta: {
    type: 'problem',
    messages: {
      appFromBelow:
        "'{{source}}' imports app/; only app/ composes — move what is shared to lib/ or session/.",
      otherFeature: "'{{source}}' imports the '{{other}}' feature; features do not import each other.",
      featureFromShared: "'{{source}}' imports a feature; shared code (components/, lib/, session/) may not.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    // Only features and shared code are bound; app/, the entry main.tsx and tests compose.
    const bound = from && (from.top === 'features' || SHARED.has(from.top ?? ''));
    if (!bound || /\.test\.tsx?$/.test(file)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(file), source));
      if (!to) return;
      if (to.top === 'app') context.report({ node, messageId: 'appFromBelow', data: { source } });
      else if (to.top === 'features' && from.top === 'features' && to.feature !== from.feature)
        context.report({ node, messageId: 'otherFeature', data: { source, other: to.feature ?? '' } });
      else if (to.top === 'features' && SHARED.has(from.top ?? ''))
        context.report({ node, messageId: 'featureFromShared', data: { source } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'one-way-imports': oneWayImports } };
