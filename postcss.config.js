import purgeCSSPlugin from '@fullhuman/postcss-purgecss';

import { BOOTSTRAP_PURGE_OPTIONS } from './scripts/bootstrap-purge.js';

/**
 * Bootstrap's stylesheet trimmed to the classes the web app uses (docs/decisions/0127-page-weight-images-seo.md):
 * PurgeCSS keeps a rule when one of its class names occurs as a word anywhere in src/web. It runs on
 * Bootstrap's file only (the app's own stylesheets are small and all used) and only in production builds.
 * scripts/bootstrap-purge.js keeps what no source file spells out (class names react-bootstrap builds at
 * run time, state classes).
 */
const purge = purgeCSSPlugin({
  content: ['src/web/**/*.{tsx,ts,html}'],
  ...BOOTSTRAP_PURGE_OPTIONS,
});

const bootstrapOnly = {
  postcssPlugin: 'haat-purge-bootstrap',
  OnceExit(root, helpers) {
    const file = root.source?.input.file ?? '';
    if (!file.includes('/node_modules/bootstrap/')) return undefined;
    return purge.OnceExit(root, helpers);
  },
};

export default {
  plugins: process.env.NODE_ENV === 'production' ? [bootstrapOnly] : [],
};
