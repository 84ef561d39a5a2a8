import purgeCSSPlugin from '@fullhuman/postcss-purgecss';

/**
 * Bootstrap's stylesheet trimmed to the classes the web app uses (docs/decisions/0127-page-weight-images-seo.md):
 * PurgeCSS keeps a rule when one of its class names occurs as a word anywhere in src/web. It runs on
 * Bootstrap's file only (the app's own stylesheets are small and all used) and only in production builds.
 *
 * The safelist keeps what no source file spells out: react-bootstrap builds its class names at run time
 * (`btn-${variant}`, `bg-${bg}`, `text-${text}`, `col-md-${n}`, `modal-dialog`, `offcanvas-end`, …), adds
 * state classes while a modal, offcanvas, collapse or carousel moves (fade, show, showing, hiding,
 * collapsing, carousel-item-start, …), and the components still in use below bring their parts.
 */
const purge = purgeCSSPlugin({
  content: ['src/web/**/*.{tsx,ts,html}'],
  safelist: {
    standard: [
      // Variants and sizes react-bootstrap spells from props: Button, Badge, Alert, Table, Card, ProgressBar.
      /^(btn|btn-outline|bg|text|text-bg|alert|border|table|link)-(primary|secondary|success|danger|warning|info|light|dark|white|body|black|muted|link)(-|$)/,
      /^(btn|table|form-control|form-select)-(sm|lg)$/,
      /^table-(striped|bordered|borderless|hover|responsive)/,
      /^col-(sm|md|lg|xl|xxl)?-?\d+$/,
      // The parts of the react-bootstrap components still in use (forms, modals, the filters' offcanvas,
      // the product gallery's carousel, progress bars).
      /^(modal|offcanvas|carousel|form|progress)(-|$)/,
      // States added while something opens, closes or slides.
      /^(fade|show|showing|hiding|collapse|collapsing|active|disabled|slide)$/,
      /^(is-valid|is-invalid|was-validated|valid-feedback|invalid-feedback)$/,
      /^(btn|badge|alert|table|card|row|col|btn-close|visually-hidden|visually-hidden-focusable)$/,
    ],
    greedy: [/data-bs-popper/],
  },
  // Bootstrap's @keyframes (spinners, progress stripes) and custom properties are referenced indirectly.
  keyframes: false,
  variables: false,
  fontFace: false,
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
