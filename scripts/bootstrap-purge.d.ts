/** Types of bootstrap-purge.js (plain JavaScript: postcss.config.js imports it too). */
export declare const BOOTSTRAP_SAFELIST: { standard: RegExp[]; greedy: RegExp[] };
export declare const BOOTSTRAP_PURGE_OPTIONS: {
  safelist: typeof BOOTSTRAP_SAFELIST;
  keyframes: boolean;
  variables: boolean;
  fontFace: boolean;
};
