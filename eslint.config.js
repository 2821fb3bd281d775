// @ts-check
/**
 * The linter that keeps the shape (STYLE.md, issue 19):
 * - errors: import cycles between modules; site/ (and the browser parts of modules: contract files
 *   and ui/) importing server code (db/, api/, a module's service, routes, schema...);
 * - a warning past 400 lines per file;
 * - otherwise the recommended sets of @eslint/js and typescript-eslint, minus the rules that only
 *   add noise here (each one says why).
 */
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { moduleBoundaries } from './scripts/lint/module-cycles.js';

const root = import.meta.dirname;
const abs = (/** @type {string} */ p) => path.join(root, p);

/** What the browser may import from modules/: contracts, UI, the platform module, and these files that import no server code. */
const browserSafe = [
  abs('modules/*/contract.ts'),
  abs('modules/*/*-contract.ts'),
  abs('modules/*/ui/**'),
  abs('modules/platform/**'),
  // Server-rendered pages only (no database; the catalogue registers itself at run time).
  abs('modules/properties/{catalogue,demo-data}.ts'),
];
const serverOnly = 'Browser code (site/, modules/*/contract.ts, modules/*/ui/) imports only browser-safe module files: contract.ts, *-contract.ts, ui/ and modules/platform. Move what you need into the contract.';

export default defineConfig(
  {
    ignores: ['dist/**', 'node_modules/**', '.data/**', '.astro/**', '.astro-cache/**', 'site/public/**', 'db/migrations/**', 'playwright-report/**', 'test-results/**', '**/*.astro'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX, manzil: moduleBoundaries },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser, Bun: 'readonly' },
    },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], tsconfig: { configFile: abs('tsconfig.json') } })],
    },
    rules: {
      // A module depends on another in one direction (STYLE.md): a cycle between module folders is an error.
      'manzil/no-module-cycle': 'error',
      // Browser code never reaches server code (ARCHITECTURE.md: nothing in site/ imports server code).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: ['./site/**', './modules/*/ui/**', './modules/*/contract.ts', './modules/*/*-contract.ts'], from: [abs('db/**'), abs('api/**')], message: serverOnly },
            { target: ['./site/**', './modules/*/ui/**', './modules/*/contract.ts', './modules/*/*-contract.ts'], from: [abs('modules/**')], except: browserSafe, message: serverOnly },
          ],
        },
      ],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],

      // TypeScript checks these better (and knows Bun, DOM and JSX globals).
      'no-undef': 'off',
      // `catch {}` around best-effort cleanup is deliberate and commented where it happens.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Tests and a few adapters read untyped JSON and library internals; `any` there is a choice, not a slip.
      '@typescript-eslint/no-explicit-any': 'off',
      // Unused names are caught by tsc (noUnusedLocals in the Astro strict preset is off, so warn here, with _ as the escape).
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `a && b()` and `cond ? x() : y()` statements are used on purpose in event handlers.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Input sanitizers match control characters (\x00-\x1f) on purpose, to strip or refuse them.
      'no-control-regex': 'off',
      // Non-null assertions follow a check the type system cannot see (Map.get after has, regex groups).
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // React's rules of hooks; exhaustive-deps warns (a deliberate omission carries a disable comment saying why).
    files: ['site/**/*.{ts,tsx}', 'modules/*/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // One home for dates: the Dubai time zone is spelled only in modules/platform/dates.ts (DUBAI_TIME_ZONE).
    files: ['**/*.{js,mjs,ts,tsx}'],
    ignores: ['modules/platform/dates.ts', '**/*.test.{ts,tsx}', 'tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Literal[value='Asia/Dubai']", message: 'Use DUBAI_TIME_ZONE (or todayInDubai, formatDayInDubai…) from modules/platform/dates.ts.' },
        { selector: "TemplateElement[value.raw=/Asia\\/Dubai/]", message: 'Use DUBAI_TIME_ZONE from modules/platform/dates.ts.' },
      ],
    },
  },
  {
    // Tests may be long (one file per suite), and a test beside a screen may start the real API.
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'max-lines': 'off', 'import-x/no-restricted-paths': 'off' },
  },
);
