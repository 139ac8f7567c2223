// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import drizzle from 'eslint-plugin-drizzle';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import webLayers from './eslint/web-layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // An import cycle makes a module's exports undefined while the other one loads, depending on which is
    // imported first (issue 16). Type-only imports do not count: they are gone at run time.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // The API imports its TypeScript files by their built name (./x.js); the workspaces' "source".
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['source', 'import', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/api/**/*.{ts,tsx}'],
    plugins: { drizzle },
    rules: {
      // A delete/update without where() wipes the table; see DESIGN §2 traps.
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**', '**/test-support/**'],
    rules: {
      // A backstop to db/concurrent-queries.ts, which refuses such queries at run time (decision 0295).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='Promise'][callee.property.name=/^(all|allSettled|any|race)$/] Identifier[name=/^(db|tx)$/]",
          message:
            "No queries side by side: a transaction's one connection runs one query at a time (pg 9 refuses " +
            'it, decision 0295). Await them one after another.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'web-layers': webLayers },
    rules: { ...reactHooks.configs.recommended.rules, 'web-layers/one-way-imports': 'error' },
  },
);
