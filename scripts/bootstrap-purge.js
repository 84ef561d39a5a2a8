/**
 * What PurgeCSS must keep of Bootstrap's stylesheet although no source file spells it out
 * (docs/decisions/0127-page-weight-images-seo.md), shared by the build's two trims: postcss.config.js (the
 * whole app's stylesheet) and scripts/critical-css-plugin.ts (the part a storefront page inlines, ADR 0139).
 *
 * react-bootstrap builds its class names at run time (`btn-${variant}`, `bg-${bg}`, `text-${text}`,
 * `col-md-${n}`, `modal-dialog`, `offcanvas-end`, …), adds state classes while a modal, offcanvas, collapse
 * or carousel moves (fade, show, showing, hiding, collapsing, carousel-item-start, …), and the components
 * still in use below bring their parts.
 */
export const BOOTSTRAP_SAFELIST = {
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
};

/** Bootstrap's @keyframes (spinners, progress stripes) and custom properties are referenced indirectly. */
export const BOOTSTRAP_PURGE_OPTIONS = {
  safelist: BOOTSTRAP_SAFELIST,
  keyframes: false,
  variables: false,
  fontFace: false,
};
