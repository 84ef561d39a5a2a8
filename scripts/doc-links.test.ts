import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findBrokenLinks, headingAnchors, slugify } from './doc-links.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('doc links', () => {
  it('every relative link in the docs and every docs/ citation in code resolves', () => {
    expect(findBrokenLinks(root)).toEqual([]);
  });

  describe('the checker', () => {
    const dir = mkdtempSync(join(tmpdir(), 'haat-doc-links-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'docs/product'), { recursive: true });
    mkdirSync(join(dir, 'src'));
    writeFileSync(
      join(dir, 'docs/product/catalog.md'),
      '# Catalog\n\n## Sizes\n\n## Outside `/api`\n\n## Sizes\n',
    );
    writeFileSync(
      join(dir, 'docs/README.md'),
      [
        '[ok](product/catalog.md#sizes) [ok](product/catalog.md#sizes-1) [ok](product/catalog.md#outside-api)',
        '[gone](product/missing.md) [bad anchor](product/catalog.md#colours) [web](https://example.com/x.md)',
        '```',
        '[in a code block](nowhere.md)',
        '```',
        '`[inline code](nowhere.md)` [self](#catalog)',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'src/rule.ts'),
      '// docs/product/catalog.md#sizes\n// docs/product/catalog.md#weight and docs/decisions/0999-none.md\n',
    );

    it('reports missing files and headings, in Markdown and in code, and nothing else', () => {
      const found = findBrokenLinks(dir).map((b) => `${b.file}:${b.line} ${b.target} ${b.reason}`);
      expect(found.sort()).toEqual(
        [
          'docs/README.md:2 product/missing.md no such file',
          'docs/README.md:2 product/catalog.md#colours no heading #colours',
          'docs/README.md:6 #catalog no heading #catalog',
          'src/rule.ts:2 docs/product/catalog.md#weight no heading #weight',
          'src/rule.ts:2 docs/decisions/0999-none.md no such file',
        ].sort(),
      );
    });
  });

  it('slugs headings as GitHub does', () => {
    expect(slugify('Cash on delivery')).toBe('cash-on-delivery');
    expect(slugify('Outside `/api`')).toBe('outside-api');
    expect(slugify("Another seller's product, answered 404")).toBe('another-sellers-product-answered-404');
    expect(slugify('E-mails')).toBe('e-mails');
    expect([...headingAnchors('# A\n## B\n## B\n```\n## C\n```\n')]).toEqual(['a', 'b', 'b-1']);
  });
});

describe('ADRs', () => {
  const dir = join(root, 'docs/decisions');
  const adrs = readdirSync(dir).filter((f) => /^\d{4}-[a-z0-9-]+\.md$/.test(f));
  const index = readFileSync(join(dir, 'README.md'), 'utf8');

  it.each(adrs)('%s is numbered, dated, has a status and Context / Decision / Consequences', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# ${file.slice(0, 4)}\\. \\S`));
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    const status = /^Status: (.*)$/m.exec(text)?.[1] ?? '';
    expect(status).toMatch(/^(Accepted|Superseded by|Split into)/);
    if (status.startsWith('Split into')) {
      // A record that once held several decisions only points at the single-decision records.
      expect(text).toMatch(/\]\(\d{4}-[a-z0-9-]+\.md\)/);
    } else {
      expect(text.match(/^## (Context|Decision|Consequences)$/gm)).toEqual([
        '## Context',
        '## Decision',
        '## Consequences',
      ]);
    }
  });

  it('no two ADRs share a number', () => {
    const numbers = adrs.map((f) => f.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it('the index in docs/decisions/README.md lists every ADR', () => {
    const missing = adrs.filter((f) => !index.includes(`](${f})`));
    expect(missing).toEqual([]);
  });
});
