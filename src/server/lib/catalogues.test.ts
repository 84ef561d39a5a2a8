import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { flattenMessages, type Catalogue } from '#shared/i18n/languages.ts';
import { LOCALES_DIR } from './catalogues.ts';

/**
 * The catalogues are complete and consistent (ADR 0135): every language has every English message, no
 * message the English one lacks, the same placeholders, and every message parses; every id the web app
 * asks for exists. Together with the lint rule on translated screens, a UI string that is not in the
 * catalogue fails the build.
 */
const files = fs.readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json'));
const catalogues = Object.fromEntries(
  files.map((f) => [
    f.slice(0, -5),
    JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, f), 'utf8')) as Catalogue,
  ]),
);
const english = flattenMessages(catalogues.en);

/** The argument names a message uses ({name}, {count, plural, …}, <b>…</b> tags), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      names.add(el.type === TYPE.tag ? `<${el.value}>` : el.value);
      if (el.type === TYPE.tag) walk(el.children);
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Every message id the web app's code names: t('ns.key'), t.rich('ns.key', …), t(`ns.key`). */
function idsUsedByTheWebApp(): Map<string, string> {
  const used = new Map<string, string>();
  const root = path.resolve(LOCALES_DIR, '../../../web');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        // Comments may show examples ('t(\'cart.empty\')'); only code counts.
        const source = fs
          .readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '');
        for (const m of source.matchAll(/\bt(?:\.rich)?\(\s*['"`]([\w.-]+)['"`]/g))
          used.set(m[1]!, path.relative(root, file));
      }
    }
  };
  walk(root);
  return used;
}

describe('message catalogues', () => {
  it('has English and Hindi, each saying what it is', () => {
    expect(Object.keys(catalogues)).toEqual(expect.arrayContaining(['en', 'hi']));
    for (const [code, catalogue] of Object.entries(catalogues)) {
      expect(catalogue.$language, code).toMatchObject({
        name: expect.any(String),
        englishName: expect.any(String),
      });
      expect(Intl.getCanonicalLocales(catalogue.$language.intl), code).toHaveLength(1);
      expect(catalogue.$language.intl.split('-')[0], code).toBe(code);
    }
  });

  it.each(Object.keys(catalogues).filter((c) => c !== 'en'))(
    '%s has exactly the English messages, with the same placeholders',
    (code) => {
      const messages = flattenMessages(catalogues[code]);
      expect(
        Object.keys(messages).filter((id) => !(id in english)),
        'not in English',
      ).toEqual([]);
      expect(
        Object.keys(english).filter((id) => !(id in messages)),
        'missing',
      ).toEqual([]);
      for (const [id, text] of Object.entries(messages)) {
        expect(text.trim(), id).not.toBe('');
        expect(argumentsOf(text), id).toEqual(argumentsOf(english[id]!));
      }
    },
  );

  it('every English message parses', () => {
    for (const [id, text] of Object.entries(english)) expect(() => parse(text), id).not.toThrow();
  });

  it('has every message the web app asks for', () => {
    const missing = [...idsUsedByTheWebApp()]
      .filter(([id]) => !(id in english))
      .map(([id, f]) => `${id} (${f})`);
    expect(missing).toEqual([]);
  });
});
