import { describe, expect, it } from 'vitest';
import { criticalSafelist, pageChunks, trimStylesheet, type Manifest } from './critical-css-plugin.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    css: ['assets/index.css'],
    imports: ['_shared.js'],
    dynamicImports: ['pages/home.tsx', 'pages/admin.tsx'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'pages/home.tsx': {
    file: 'assets/home.js',
    imports: ['index.html', '_card.js'],
    dynamicImports: ['lightbox.tsx'],
  },
  '_card.js': { file: 'assets/card.js' },
  'lightbox.tsx': { file: 'assets/lightbox.js', imports: ['_modal.js'] },
  '_modal.js': { file: 'assets/modal.js' },
  'pages/admin.tsx': { file: 'assets/admin.js', imports: ['_table.js'] },
  '_table.js': { file: 'assets/table.js' },
};

describe('critical CSS of a storefront page', () => {
  it("takes the entry's chunks and the page's own, including what the page loads later, not other routes", () => {
    expect([...pageChunks(manifest, 'pages/home.tsx')].sort()).toEqual([
      '_card.js',
      '_modal.js',
      '_shared.js',
      'index.html',
      'lightbox.tsx',
      'pages/home.tsx',
    ]);
  });

  it("keeps a react-bootstrap component's parts only when the page holds its module", () => {
    const re = (list: RegExp[]) => (cls: string) => list.some((r) => r.test(cls));
    const without = re(criticalSafelist('', []).standard);
    expect(without('modal-header')).toBe(false);
    expect(without('offcanvas-body')).toBe(false);
    expect(without('fade')).toBe(true); // state classes always
    const withModal = re(criticalSafelist('', ['/x/node_modules/react-bootstrap/esm/Modal.js']).standard);
    expect(withModal('modal-header')).toBe(true);
    expect(withModal('offcanvas-body')).toBe(false);
  });

  it('keeps variants only for names that occur as strings in the code', () => {
    const keeps = (code: string, modules: string[]) => (cls: string) =>
      criticalSafelist(code, modules).standard.some((r) => r.test(cls));
    const button = ['/x/react-bootstrap/esm/Button.js'];
    expect(keeps('h(B,{variant:"outline-secondary"})', button)('btn-outline-secondary')).toBe(true);
    expect(keeps('h(B,{variant:"outline-secondary"})', button)('btn-outline-danger')).toBe(false);
    expect(keeps('h(B,{variant:"outline-secondary"})', [])('btn-outline-secondary')).toBe(false);
    // Our own alerts spell `alert-${variant}` without react-bootstrap.
    expect(keeps('e("danger")', [])('alert-danger')).toBe(true);
  });

  it('drops the rules of classes the code never names, keeps the rest', async () => {
    const css = '.navbar{color:red}.list-group-item{color:blue}.modal-header{color:green}a{color:black}';
    const out = await trimStylesheet(css, ['h("nav",{className:"navbar"},h("a"))']);
    expect(out).toContain('.navbar');
    expect(out).toContain('a{');
    expect(out).not.toContain('.list-group-item');
    expect(out).not.toContain('.modal-header');
  });
});
