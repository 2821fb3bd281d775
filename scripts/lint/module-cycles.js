// @ts-check
/**
 * ESLint rule `manzil/no-module-cycle`: no import cycle between module folders (modules/<name>).
 *
 * A file-level cycle check (import-x/no-cycle) misses most module cycles, because the two sides rarely
 * import the very same files (kyc/service → investing/index, investing/seed → kyc/service). This rule
 * builds the graph of module folders once per run from every non-test source file under modules/, and
 * reports each import from module A to module B when B already reaches A. Type-only imports count
 * too: they are erased at run time, but they still tie the two modules' changes together.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const modulesDir = path.join(root, 'modules');
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The module folder a file belongs to, or null outside modules/. */
export function moduleOf(/** @type {string} */ file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name] = rel.split(path.sep);
  return name && rel.includes(path.sep) ? name : null;
}

/** The module an import specifier in `file` points at (relative paths and the @modules alias). */
export function targetModule(/** @type {string} */ file, /** @type {string} */ specifier) {
  if (specifier.startsWith('@modules/')) return specifier.slice('@modules/'.length).split('/')[0] || null;
  if (!specifier.startsWith('.')) return null;
  return moduleOf(path.resolve(path.dirname(file), specifier) + path.sep + 'x');
}

function* walk(/** @type {string} */ dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) yield full;
  }
}

/** @typedef {Map<string, Map<string, string>>} Graph module → (module it imports → one file that does) */

/** @returns {Graph} */
export function buildModuleGraph(dir = modulesDir) {
  /** @type {Graph} */
  const graph = new Map();
  for (const file of walk(dir)) {
    const from = moduleOf(file);
    if (!from) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      const to = targetModule(file, specifier);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map();
      if (!edges.has(to)) edges.set(to, path.relative(root, file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The shortest module path from `start` to `goal` in the graph ([start, …, goal]), or null. */
export function findPath(/** @type {Graph} */ graph, /** @type {string} */ start, /** @type {string} */ goal) {
  /** @type {Map<string, string | null>} */
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = /** @type {string} */ (queue.shift());
    if (at === goal) {
      const out = [];
      for (let m = /** @type {string | null | undefined} */ (goal); m; m = previous.get(m)) out.unshift(m);
      return out;
    }
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {Graph | undefined} */
let cached;

/** @type {import('eslint').Rule.RuleModule} */
const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles between module folders (modules/<name>).' },
    messages: {
      cycle: 'modules/{{from}} imports modules/{{to}}, but modules/{{to}} already depends on modules/{{from}} ({{path}}; e.g. {{example}}). Give the dependency one direction: publish an event, or take a function as a parameter.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file);
    if (!from || TEST.test(file)) return {};
    cached ??= buildModuleGraph();
    const graph = cached;
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    const check = (node) => {
      const specifier = node.source && typeof node.source.value === 'string' ? node.source.value : null;
      if (!specifier) return;
      const to = targetModule(file, specifier);
      if (!to || to === from) return;
      const back = findPath(graph, to, from);
      if (!back) return;
      const example = graph.get(back[0])?.get(back[1]) ?? '';
      context.report({ node, messageId: 'cycle', data: { from, to, path: back.join(' → '), example } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const moduleBoundaries = { meta: { name: 'manzil' }, rules: { 'no-module-cycle': noModuleCycle } };
