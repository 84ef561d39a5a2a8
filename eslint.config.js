import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features, one folder each: each gets its own import boundary below. */
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const headTagsRule = {
  selector: 'JSXOpeningElement[name.name=/^(title|meta|link)$/]',
  message: 'Head tags go through <PageHead> (#web/components/page-head.tsx): Preact does not hoist them.',
};

const UI_TEXT =
  "UI text comes from the catalogue (src/shared/i18n/locales, ADR 0135): use t('namespace.key').";
const LABEL_ATTRIBUTES = '/^(aria-label|aria-description|placeholder|title|alt|label)$/';
const uiTextRules = [
  { selector: 'JSXText[value=/[A-Za-z\\u0900-\\u097F]/]', message: UI_TEXT },
  { selector: `JSXAttribute[name.name=${LABEL_ATTRIBUTES}] > Literal[value=/[A-Za-z]/]`, message: UI_TEXT },
  {
    selector: `JSXAttribute[name.name=${LABEL_ATTRIBUTES}] > JSXExpressionContainer > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)`,
    message: UI_TEXT,
  },
  {
    selector: ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=/[A-Za-z]/]',
    message: UI_TEXT,
  },
  {
    selector:
      ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]',
    message: UI_TEXT,
  },
];

/** Files allowed head tags: the one component that writes them, and a chart's SVG <title> tooltips. */
const headTagFiles = [
  'src/web/components/page-head.tsx',
  'src/web/features/dashboards/components/sales-chart.tsx',
];

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
  // The server's layers (docs/decisions/0019-server-module-boundaries.md): routes → service → repo → db/.
  // A module reaches another only through its public surface (*.service.ts, and *.routes.ts /
  // *.plugin.ts to register it); SQL lives in repos and db/ only; routes never touch a repo; no cycles.
  // (Restates server ↛ web: this rule's zones replace the global ones for src/server files.)
  {
    files: ['src/server/**'],
    settings: {
      // no-cycle follows imports through TypeScript files too.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: serverZones() }],
    },
  },
  {
    files: ['src/server/modules/**'],
    ignores: ['src/server/modules/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'SQL lives in the module’s *.repo.ts (or src/server/db/)' },
          ],
          patterns: [
            { group: ['#server/*'], message: 'Use relative imports inside the server' },
            { group: ['drizzle-orm/*'], message: 'SQL lives in the module’s *.repo.ts (or src/server/db/)' },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message: 'tables are queried in the module’s *.repo.ts, not in services, routes or helpers',
            },
          ],
        },
      ],
    },
  },
  // One plugin per server module (ADR 0019): app.ts registers each module through its <name>.plugin.ts
  // only, and the app-wide plugins run no SQL (sessions are the accounts module's, queue figures jobs/queue.ts).
  // (Restates the server zones: this rule's zones replace them for app.ts.)
  {
    files: ['src/server/app.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones(), appZone()] }],
    },
  },
  {
    files: ['src/server/plugins/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'SQL lives in a module’s *.repo.ts (or src/server/db/, jobs/)' },
          ],
          patterns: [
            { group: ['#server/*'], message: 'Use relative imports inside the server' },
            {
              group: ['drizzle-orm/*'],
              message: 'SQL lives in a module’s *.repo.ts (or src/server/db/, jobs/)',
            },
            {
              group: ['**/db/schema', '**/db/schema/*'],
              message: 'app-wide plugins call a module’s service, never a table',
            },
          ],
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
              message:
                'country-state-city is 17 MB: server only (docs/product/deployment-safety.md#running-haat)',
            },
          ],
          paths: [
            {
              name: 'react',
              importNames: ['useId'],
              message: 'useUniqueId (src/web/lib/use-unique-id.ts): Preact repeats ids after a suspension',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/lib/use-unique-id.ts'],
    rules: { 'no-restricted-imports': 'off' },
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
  // The browser runs Preact, which does not hoist <title>/<meta>/<link> into <head> as React 19 does:
  // pages set them with <PageHead> (ADR 0130). SVG titles (tooltips) are not head tags.
  // And words a user reads come from the message catalogues (ADR 0135): anywhere in the web app, text or a
  // label written straight into the markup is an error.
  {
    files: ['src/web/**/*.tsx'],
    ignores: headTagFiles,
    rules: { 'no-restricted-syntax': ['error', headTagsRule, ...uiTextRules] },
  },
  {
    files: headTagFiles,
    rules: { 'no-restricted-syntax': ['error', ...uiTextRules] },
  },
  // Tests render components with sample text of their own.
  {
    files: ['src/web/**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', headTagsRule] },
  },
  // The web app's layers (src/web/README.md, ADR 0098): app → features → components, lib.
  // Shared UI and app-wide state import no feature and not the app; a feature imports another only
  // through its public index.ts; no import cycles. (Restates web ↛ server: this rule's zones replace
  // the global ones for src/web files.)
  {
    files: ['src/web/**'],
    settings: {
      // no-cycle follows imports through TypeScript files too.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/web', from: './src/server', message: 'web must not import server code' },
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/app'],
              message: 'shared UI and lib/ import no feature and not the app layer',
            },
            {
              target: './src/web/features',
              from: './src/web/app',
              message: 'features do not import the app layer',
            },
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`, ...webFeatures.map((other) => `./${other}/index.ts`)],
              message: `import another feature only through its index.ts (#web/features/<name>/index.ts)`,
            })),
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);

/**
 * Import boundaries between server modules (src/server/modules/<name>/). A module's public surface is its
 * `*.service.ts` files (the API other modules call) and its `*.routes.ts` / `*.plugin.ts` files (what
 * app.ts, or a parent route plugin, registers); its repos and helpers are its own.
 */
function serverZones() {
  const modulesUrl = new URL('./src/server/modules/', import.meta.url);
  const modules = readdirSync(modulesUrl, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const publicSurface = (name) =>
    readdirSync(new URL(`${name}/`, modulesUrl))
      .filter((file) => /\.(service|routes|plugin)\.ts$/.test(file))
      .map((file) => `./${name}/${file}`);
  return [
    { target: './src/server', from: './src/web', message: 'server must not import web code' },
    ...modules.map((name) => ({
      target: `./src/server/modules/${name}`,
      from: './src/server/modules',
      except: [`./${name}`, ...modules.filter((other) => other !== name).flatMap(publicSurface)],
      message: 'another module is reached through its *.service.ts (its repo and helpers are its own)',
    })),
    {
      target: './src/server/modules/**/*.routes.ts',
      from: './src/server/modules/**/*.repo.ts',
      message: 'routes call services, never a repo',
    },
  ];
}

/** app.ts reaches a module only through its one `<name>/<name>.plugin.ts` (ADR 0019). */
function appZone() {
  const modulesUrl = new URL('./src/server/modules/', import.meta.url);
  const plugins = readdirSync(modulesUrl, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `./${entry.name}/${entry.name}.plugin.ts`);
  return {
    target: './src/server/app.ts',
    from: './src/server/modules',
    except: plugins,
    message: 'app.ts registers a module through its <name>.plugin.ts only',
  };
}
