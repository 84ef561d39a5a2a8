/**
 * Finds links in the repository's docs that point nowhere, so documentation cannot rot silently.
 *
 * Checked: every relative Markdown link `[text](path#anchor)` in a `.md` file, and every
 * repository-relative `docs/….md#anchor` mentioned in source, test and script files (the way code cites
 * docs/product/ and the ADRs). A target must exist; an anchor must be a heading of the target, slugged
 * as GitHub does. Web links, mail links and code blocks are not checked.
 *
 * `npx tsx scripts/doc-links.ts` prints the broken links and exits 1 when there are any;
 * `scripts/doc-links.test.ts` runs the same check in the unit tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BrokenLink {
  /** The file holding the link, relative to the root. */
  file: string;
  line: number;
  target: string;
  reason: string;
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git', '.artifacts']);
const CODE_FILE = /\.(ts|tsx|mjs|js)$/;
/** Repository-relative doc paths cited from code, e.g. docs/product/catalog.md#sizes. */
const CODE_CITATION = /\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g;
/** A Markdown link or image target: ](target) or ](target "title"). */
const MD_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
export function slugify(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (outside code blocks), with GitHub's -1, -2 for repeats. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m?.[1]) continue;
    const slug = slugify(m[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The Markdown links of a text, with their line numbers, outside code blocks and inline code. */
export function markdownLinks(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, i) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced) return;
    for (const m of text.replace(/`[^`]*`/g, '``').matchAll(MD_LINK)) {
      if (m[1]) links.push({ line: i + 1, target: m[1] });
    }
  });
  return links;
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** Every broken link under `root` (the repository's root folder). */
export function findBrokenLinks(root: string): BrokenLink[] {
  const files = walk(root, []);
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (path: string): Set<string> => {
    let anchors = anchorCache.get(path);
    if (!anchors) {
      anchors = headingAnchors(readFileSync(path, 'utf8'));
      anchorCache.set(path, anchors);
    }
    return anchors;
  };
  const broken: BrokenLink[] = [];

  const check = (
    file: string,
    line: number,
    target: string,
    resolvedPath: string,
    anchor: string | undefined,
  ) => {
    const where = { file: relative(root, file), line, target };
    if (!existsSync(resolvedPath)) {
      broken.push({ ...where, reason: 'no such file' });
      return;
    }
    if (anchor && resolvedPath.endsWith('.md') && !anchorsOf(resolvedPath).has(anchor)) {
      broken.push({ ...where, reason: `no heading #${anchor}` });
    }
  };

  for (const file of files) {
    if (file.endsWith('.md')) {
      for (const { line, target } of markdownLinks(readFileSync(file, 'utf8'))) {
        if (isExternal(target)) continue;
        const [path = '', anchor] = target.split('#', 2);
        const decoded = decodeURIComponent(path);
        const resolvedPath = decoded === '' ? file : resolve(dirname(file), decoded);
        check(file, line, target, resolvedPath, anchor);
      }
    } else if (
      CODE_FILE.test(file) &&
      !file.endsWith('doc-links.ts') &&
      !file.endsWith('doc-links.test.ts')
    ) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          for (const m of text.matchAll(CODE_CITATION)) {
            const [path = '', anchor] = m[0].split('#', 2);
            check(file, i + 1, m[0], resolve(root, path), anchor);
          }
        });
    }
  }
  return broken;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const broken = findBrokenLinks(root);
  for (const b of broken) console.log(`${b.file}:${b.line}: ${b.target} (${b.reason})`);
  console.log(broken.length === 0 ? 'doc links: all resolve' : `doc links: ${broken.length} broken`);
  process.exitCode = broken.length === 0 ? 0 : 1;
}
