import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'src/server/db/migrations/**',
      'tests/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // One direction of imports (STYLE.md): web never imports server; shared imports neither.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/web', from: './src/server', message: 'web must not import server code' },
            { target: './src/shared', from: './src/server', message: 'shared must stay pure' },
            { target: './src/shared', from: './src/web', message: 'shared must stay pure' },
            { target: './src/server', from: './src/web', message: 'server must not import web code' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['#server/*'], message: 'Use relative imports inside the server' }],
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*', '**/server/**'], message: 'web must not import server code' },
            {
              group: ['country-state-city'],
              message: 'country-state-city is 17 MB: server only (DECISIONS §1)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*', '#web/*', '**/server/**', '**/web/**'], message: 'shared must stay pure' },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
