// Lint rules, including the package boundaries of DESIGN §1: each folder of src/ may import only the
// folders its row of the table allows. Cross-folder imports use the @name aliases; relative paths that
// climb into a sibling folder are refused too, so the boundary cannot be walked around.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const modules = ['core', 'contracts', 'storage', 'ingest', 'server', 'web', 'cli'];
const allowed = {
  core: [],
  contracts: ['core'],
  storage: ['core'],
  ingest: ['core', 'storage'],
  server: ['core', 'contracts', 'storage', 'ingest'],
  web: ['core', 'contracts'],
  cli: ['core', 'contracts', 'storage', 'ingest', 'server'],
};

/** Import patterns that name folder `m` through its alias or a relative climb. */
const patternsFor = (forbidden) =>
  forbidden.map((m) => ({
    regex: `^(@${m}|(\\.\\./)+${m})(/|$)`,
    message: `DESIGN §1: this folder may not import src/${m}.`,
  }));

/** The boundary patterns of folder `m`. */
const boundaryOf = (m) => patternsFor(modules.filter((o) => o !== m && !allowed[m].includes(o)));

const boundaryBlocks = modules.map((m) => ({
  files: [`src/${m}/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': ['error', { patterns: boundaryOf(m) }] },
}));

/**
 * Import patterns that name a concrete store adapter (src/storage/<path>) through its alias or a relative
 * path; `why` says what to import instead.
 */
const adapterPatterns = (paths, why) =>
  paths.map((path) => {
    const last = path.split('/').pop();
    return {
      regex: `^(@storage/${path}|(\\.\\./)+(${path}|${last}))(/|$)`,
      message: why,
    };
  });

/**
 * Adapter boundaries (issue 28): the two RankStore engines never import each other (what they share lives in
 * src/storage/rank, e.g. plan/), and the server reaches stores through their ports only — the composition
 * root (src/server/app.ts) is the one module that picks a backend. A later block replaces an earlier one's
 * rule for the same files, so each repeats its folder's boundary patterns.
 */
const RANK_ENGINES = ['rank/duckdb', 'rank/clickhouse'];
const adapterBlocks = [
  ...RANK_ENGINES.map((engine) => ({
    files: [`src/storage/${engine}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...boundaryOf('storage'),
            ...adapterPatterns(
              RANK_ENGINES.filter((o) => o !== engine),
              'Issue 28: one RankStore adapter may not import the other; share code through src/storage/rank.',
            ),
          ],
        },
      ],
    },
  })),
  {
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['src/server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...boundaryOf('server'),
            ...adapterPatterns(
              [...RANK_ENGINES, 'meta/sqlite', 'meta/postgres'],
              'Issue 28: the server uses the store ports (@storage/rank-store, @storage/meta-store); only the composition root (src/server/app.ts) opens a concrete adapter.',
            ),
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...boundaryBlocks,
  ...adapterBlocks,
  {
    // DuckDB 1.5.5's parallel window operator intermittently fails on an aggregate over the whole input
    // (count(*) OVER ()) of a small filtered input, and the database is then unusable until a restart
    // (duckdb/duckdb#25713; it took down the e2e server once). Totals are scalar subqueries instead.
    files: ['src/storage/rank/duckdb/**/*.ts', 'src/storage/rank/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TemplateElement[value.raw', 'Literal[value'].map((node) => ({
          selector: `${node}=/\\b(count|sum|avg|min|max)\\([^)]*\\)\\s+OVER\\s*\\(\\s*\\)/i]`,
          message:
            'An aggregate OVER () can crash DuckDB 1.5.5 (duckdb/duckdb#25713): compute the total with a scalar subquery over a MATERIALIZED CTE.',
        })),
      ],
    },
  },
  {
    // core is pure: no clock, no environment, no I/O (DESIGN §1).
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'core is pure: pass configuration in.' },
        { name: 'fetch', message: 'core does no I/O.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'core is pure: pass `now` in.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'core is pure: pass `now` in.',
        },
      ],
    },
  },
  {
    // Components never call fetch: server data comes through the typed hooks of src/web/api.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use a hook from src/web/api.' }],
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
