/**
 * Codemod: rewrites relative imports that climb two or more directories (`../../…`) into the path
 * aliases of tsconfig.json: @modules/*, @site/*, @db/*, @api/*, @tests/*. The target file stays the
 * same (`../../modules/wallet/service` → `@modules/wallet/service`; a folder's index → `@modules/wallet`),
 * so behaviour cannot change. Idempotent: an aliased import is not relative, so a second run changes nothing.
 *
 *   bun scripts/codemods/aliases.ts            dry run: counts and a sample, writes nothing
 *   bun scripts/codemods/aliases.ts --write    rewrites the files
 *   bun scripts/codemods/aliases.ts --root /tmp/copy [--write]   on another checkout
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ALIASES: Record<string, string> = { modules: '@modules', site: '@site', db: '@db', api: '@api', tests: '@tests' };
const SCAN = ['api', 'modules', 'db', 'site', 'tests', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'migrations', '.astro', '.astro-cache', 'public', '.data']);
const EXTENSIONS = /\.(ts|tsx|mjs|js|astro)$/;
const RESOLVE = ['', '.ts', '.tsx', '.js', '.mjs', '.astro', '.json', '/index.ts', '/index.tsx', '/index.js'];
/** `from '…'`, `import '…'`, `import('…')`, `export … from '…'`, `vi.mock('…')`, `require('…')`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bvi\.importActual(?:<[^>]*>)?\(\s*|\brequire\(\s*)(['"])((?:\.\.\/){2,}[^'"]*)\2/g;

function* walk(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* walk(path.join(dir, entry.name));
    } else if (EXTENSIONS.test(entry.name)) yield path.join(dir, entry.name);
  }
}

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/** The alias for a relative specifier in `file`, or null when it leaves the aliased folders or resolves to nothing. */
export function aliasFor(root: string, file: string, specifier: string): string | null {
  const target = path.resolve(path.dirname(file), specifier);
  const rel = path.relative(root, target).split(path.sep).join('/');
  if (rel.startsWith('..')) return null;
  const [top, ...rest] = rel.split('/');
  const alias = ALIASES[top];
  if (!alias || rest.length === 0) return null;
  const found = RESOLVE.find((suffix) => isFile(target + suffix));
  if (found === undefined) return null;
  // A folder's index is imported by the folder's name (@modules/wallet), as other modules should.
  return `${alias}/${rest.join('/').replace(/\/index$/, '')}`;
}

export type FileChange = { file: string; before: string; after: string; count: number };

export function rewrite(root: string, file: string, text: string): { text: string; changes: [string, string][] } {
  const changes: [string, string][] = [];
  const out = text.replace(SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
    const alias = aliasFor(root, file, specifier);
    if (!alias) return whole;
    changes.push([specifier, alias]);
    return `${lead}${quote}${alias}${quote}`;
  });
  return { text: out, changes };
}

export function run(root: string, write: boolean) {
  const perTop = new Map<string, number>();
  const samples: string[] = [];
  let files = 0;
  let imports = 0;
  for (const top of SCAN) {
    for (const file of walk(path.join(root, top))) {
      const before = readFileSync(file, 'utf8');
      const { text, changes } = rewrite(root, file, before);
      if (!changes.length) continue;
      files++;
      imports += changes.length;
      perTop.set(top, (perTop.get(top) ?? 0) + changes.length);
      if (samples.length < 8) samples.push(`${path.relative(root, file)}: ${changes[0][0]} → ${changes[0][1]}`);
      if (write) writeFileSync(file, text);
    }
  }
  return { files, imports, perTop: Object.fromEntries(perTop), samples };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const rootAt = args.indexOf('--root');
  const root = path.resolve(rootAt >= 0 ? args[rootAt + 1] : path.join(import.meta.dirname, '../..'));
  const result = run(root, write);
  console.log(`${write ? 'Rewrote' : 'Would rewrite'} ${result.imports} imports in ${result.files} files under ${root}`);
  console.log('by folder:', result.perTop);
  for (const s of result.samples) console.log(`  ${s}`);
  if (!write) console.log('Dry run: nothing written. Add --write to apply.');
}
