import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type PDFDocument from 'pdfkit';

/**
 * Small PDF documents made on the server (packing slips, tax documents, payout statements) with pdfkit.
 * English ones use its built-in Helvetica: no font files, no network. Helvetica covers Latin text only
 * (WinAnsi), so `pdfText` replaces what it cannot draw (the rupee sign is written "Rs.", other scripts
 * become "?"). A document in another language (Hindi) embeds Noto Sans Devanagari instead
 * (docs/decisions/0137-mails-and-pdfs-in-hindi.md); draw text with `setFont` and `write` so both work.
 * Streams are left uncompressed by default: the documents are small, and their text stays searchable by
 * tools and tests that read the raw file.
 */

export type Pdf = InstanceType<typeof PDFDocument>;

export type PdfOptions = {
  title: string;
  compress?: boolean;
  /**
   * The language the labels are in (a catalogue code; docs/decisions/0137-mails-and-pdfs-in-hindi.md).
   * English (or none) draws in Helvetica as always; any other language in Noto Sans Devanagari.
   */
  language?: string;
};

/**
 * pdfkit (and its fonts) is loaded at the first document, not at start: most processes make none for
 * a long while (docs/decisions/0129-server-hot-paths.md).
 */
let pdfkit: typeof PDFDocument | undefined;
const require = createRequire(import.meta.url);
const loadPdfkit = () => (pdfkit ??= require('pdfkit') as typeof PDFDocument);

/**
 * Noto Sans Devanagari from @fontsource (already the web app's fallback face): its Devanagari subset for
 * Devanagari runs and its Latin subset for the rest, so names, numbers and GSTINs sit on the same baseline
 * in the same design. pdfkit embeds only the glyphs used, with a ToUnicode map (the text stays
 * searchable), and fontkit shapes conjuncts, matras and the reph. Loaded at the first Hindi document and
 * kept: the WOFF files are unpacked once to plain TrueType (fontkit would inflate a WOFF's whole glyph
 * table again for every glyph it subsets: seconds a document), and the parsed fonts, with their shaping
 * tables, serve every later document.
 */
type Fontkit = { create(data: Uint8Array): unknown };
type DevanagariFonts = { deva: unknown; latin: unknown; devaBold: unknown; latinBold: unknown };
let devanagariFonts: DevanagariFonts | undefined;
function loadDevanagariFonts(): DevanagariFonts {
  if (devanagariFonts) return devanagariFonts;
  // The fontkit pdfkit itself uses (its dependency), so the font objects are the ones it expects.
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as Fontkit;
  const font = (subset: string, weight: number) =>
    fontkit.create(
      sfntFromWoff(
        fs.readFileSync(
          require.resolve(
            `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`,
          ),
        ),
      ),
    );
  devanagariFonts = {
    deva: font('devanagari', 400),
    latin: font('latin', 400),
    devaBold: font('devanagari', 700),
    latinBold: font('latin', 700),
  };
  return devanagariFonts;
}

/** A WOFF 1.0 font as the TrueType/OpenType file it packs: each table inflated, same tags and checksums. */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const packed = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      length: origLength,
      data: compLength < origLength ? zlib.inflateSync(packed) : packed,
    };
  });
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(12 + 16 * numTables + tables.reduce((n, t) => n + padded(t.length), 0));
  let pow = 1;
  let log = 0;
  while (pow * 2 <= numTables) {
    pow *= 2;
    log++;
  }
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // the packed font's own version (TrueType or CFF)
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(pow * 16, 6);
  out.writeUInt16BE(log, 8);
  out.writeUInt16BE(numTables * 16 - pow * 16, 10);
  let offset = 12 + 16 * numTables;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(out, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.length, at + 12);
    t.data.copy(out, offset);
    offset += padded(t.length);
  });
  return out;
}

/** How a document draws text: Helvetica (English, as always) or Noto Sans Devanagari. */
type Face = { script: 'latin' | 'devanagari'; bold: boolean };
const faces = new WeakMap<Pdf, Face>();
const faceOf = (doc: Pdf): Face => faces.get(doc) ?? { script: 'latin', bold: false };

/** Builds a document with `draw` and answers its bytes. */
export function renderPdf(options: PdfOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  const Document = loadPdfkit();
  const devanagari = !!options.language && options.language !== 'en';
  const doc = new Document({
    size: 'A4',
    margin: 40,
    compress: options.compress ?? false,
    info: {
      Title: devanagari ? options.title : pdfText(options.title),
      Producer: 'Haat',
      Creator: 'Haat',
    },
  });
  if (devanagari) {
    // pdfkit takes a parsed fontkit font as well as a file (its types name only files).
    const f = loadDevanagariFonts() as Record<keyof DevanagariFonts, Buffer>;
    doc.registerFont('Deva', f.deva);
    doc.registerFont('Deva-Latin', f.latin);
    doc.registerFont('Deva-Bold', f.devaBold);
    doc.registerFont('Deva-Latin-Bold', f.latinBold);
    faces.set(doc, { script: 'devanagari', bold: false });
    doc.font('Deva-Latin');
  }
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** Text Helvetica can draw: the rupee sign as "Rs.", anything outside Latin-1 as "?". */
export function pdfText(s: string): string {
  return s.replace(/₹\s?/g, 'Rs. ').replace(/[^\x20-\x7e\xa0-\xff\n]/g, '?');
}

/** Devanagari (with its joiners and Vedic marks); a run of it, spaces inside included. */
const DEVA = String.raw`\u0900-\u097f\u1cd0-\u1cff\ua8e0-\ua8ff\u200c\u200d`;
// eslint-disable-next-line no-misleading-character-class -- ranges of code points, matched one by one
const DEVA_RUN = new RegExp(`[${DEVA}]+(?:\\s+[${DEVA}]+)*`, 'gu');

/** Text Noto Sans Devanagari's two subsets can draw: as `pdfText`, keeping Devanagari. */
function devanagariText(s: string): string {
  return (
    s
      .replace(/₹\s?/g, 'Rs. ')
      // eslint-disable-next-line no-misleading-character-class -- ranges of code points, matched one by one
      .replace(new RegExp(`[^\\x20-\\x7e\\xa0-\\xff\\n${DEVA}]`, 'gu'), '?')
  );
}

/** The text's runs, each with the font that draws it. */
function runsOf(doc: Pdf, text: string): { text: string; font: string }[] {
  const face = faceOf(doc);
  const latin = face.bold ? 'Deva-Latin-Bold' : 'Deva-Latin';
  const deva = face.bold ? 'Deva-Bold' : 'Deva';
  const s = devanagariText(text);
  const runs: { text: string; font: string }[] = [];
  let at = 0;
  for (const m of s.matchAll(DEVA_RUN)) {
    if (m.index > at) runs.push({ text: s.slice(at, m.index), font: latin });
    runs.push({ text: m[0], font: deva });
    at = m.index + m[0].length;
  }
  if (at < s.length || runs.length === 0) runs.push({ text: s.slice(at), font: latin });
  return runs;
}

/** Regular or bold, in the document's face (Helvetica, or Noto Sans Devanagari), at `size` if given. */
export function setFont(doc: Pdf, weight: 'regular' | 'bold' = 'regular', size?: number): Pdf {
  const face = faceOf(doc);
  if (face.script === 'latin') doc.font(weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica');
  else {
    faces.set(doc, { ...face, bold: weight === 'bold' });
    doc.font(weight === 'bold' ? 'Deva-Latin-Bold' : 'Deva-Latin');
  }
  if (size !== undefined) doc.fontSize(size);
  return doc;
}

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * `doc.text` for text in the document's language: Helvetica as `pdfText`; in Devanagari documents each
 * run in its subset's font, continued on one line so it wraps as one text.
 */
export function write(
  doc: Pdf,
  text: string,
  x?: number | TextOptions,
  y?: number,
  options?: TextOptions,
): Pdf {
  const [px, py, opts] = typeof x === 'object' ? [undefined, undefined, x] : [x, y, options];
  if (faceOf(doc).script === 'latin') {
    return px === undefined ? doc.text(pdfText(text), opts) : doc.text(pdfText(text), px, py, opts);
  }
  const runs = runsOf(doc, text);
  if (runs.length === 1) {
    doc.font(runs[0]!.font);
    if (px === undefined) doc.text(runs[0]!.text, opts);
    else doc.text(runs[0]!.text, px, py, opts);
    return doc.font(faceOf(doc).bold ? 'Deva-Latin-Bold' : 'Deva-Latin');
  }
  // pdfkit aligns each continued run by itself: a right or centred line of several runs is placed here
  // (by its whole width) and drawn left-aligned; one that wraps is drawn left-aligned.
  let atX = px;
  let atY = py;
  let o: TextOptions = { ...opts };
  const startX = px ?? doc.x;
  if ((opts?.align === 'right' || opts?.align === 'center') && opts.width && !text.includes('\n')) {
    const w = widthOf(doc, text);
    if (w <= opts.width) {
      const shift = opts.align === 'right' ? opts.width - w : (opts.width - w) / 2;
      atX = startX + shift;
      atY = py ?? doc.y;
      o = { ...opts, align: 'left', width: opts.width - shift };
    } else o = { ...opts, align: 'left' };
  }
  runs.forEach((run, i) => {
    const last = i === runs.length - 1;
    doc.font(run.font);
    if (i === 0 && atX !== undefined) doc.text(run.text, atX, atY, { ...o, continued: !last });
    else doc.text(run.text, { ...o, continued: !last });
  });
  doc.x = startX;
  return doc.font(faceOf(doc).bold ? 'Deva-Latin-Bold' : 'Deva-Latin');
}

/** The width of `text` on one line in the current font and size. */
export function widthOf(doc: Pdf, text: string): number {
  if (faceOf(doc).script === 'latin') return doc.widthOfString(pdfText(text));
  const current = faceOf(doc).bold ? 'Deva-Latin-Bold' : 'Deva-Latin';
  const width = runsOf(doc, text).reduce((w, run) => w + doc.font(run.font).widthOfString(run.text), 0);
  doc.font(current);
  return width;
}

/**
 * The height `text` takes wrapped in `width`. Mixed Devanagari and Latin text is measured generously
 * (its words wrap across two fonts pdfkit cannot measure together): better a taller row than overlap.
 */
export function heightOf(doc: Pdf, text: string, width: number): number {
  if (faceOf(doc).script === 'latin') return doc.heightOfString(pdfText(text), { width });
  const current = faceOf(doc).bold ? 'Deva-Latin-Bold' : 'Deva-Latin';
  const runs = runsOf(doc, text);
  if (runs.length === 1) {
    const h = doc.font(runs[0]!.font).heightOfString(runs[0]!.text, { width });
    doc.font(current);
    return h;
  }
  doc.font('Deva');
  const lineHeight = doc.currentLineHeight(true);
  doc.font(current);
  const lines = text
    .split('\n')
    .map((para) => {
      const w = widthOf(doc, para);
      return w <= width ? 1 : Math.ceil(w / (width * 0.8));
    })
    .reduce((n, l) => n + l, 0);
  return lines * lineHeight;
}

/** A bold heading and a gap. */
export function heading(doc: Pdf, text: string, size = 16): void {
  write(setFont(doc, 'bold', size), text);
  setFont(doc, 'regular', 10).moveDown(0.5);
}

/** A small grey label over a block of lines, at the given position and width. */
export function labelledBlock(
  doc: Pdf,
  label: string,
  lines: string[],
  at: { x: number; y: number; width: number },
): number {
  setFont(doc, 'bold', 9).fillColor('#555');
  write(doc, label.toUpperCase(), at.x, at.y, { width: at.width });
  setFont(doc, 'regular', 10).fillColor('#000');
  for (const l of lines.filter((s) => s.trim() !== '')) write(doc, l, { width: at.width });
  return doc.y;
}

export type PdfColumn = { header: string; width: number; align?: 'left' | 'right' | 'center' };

/**
 * A simple table: a bold header row, then one row per entry, with rules between; long cells wrap within
 * their column and pages break as needed (`fontSize` 10 unless told, e.g. 8 for a wide tax invoice).
 */
export function table(
  doc: Pdf,
  columns: PdfColumn[],
  rows: string[][],
  options: { fontSize?: number } = {},
): void {
  const left = doc.page.margins.left;
  const totalWidth = columns.reduce((n, c) => n + c.width, 0);
  const fontSize = options.fontSize ?? 10;
  const pad = fontSize < 10 ? 3 : 4;
  const drawRow = (cells: string[], bold: boolean) => {
    setFont(doc, bold ? 'bold' : 'regular', fontSize);
    const heights = cells.map((c, i) => heightOf(doc, c, columns[i]!.width - 2 * pad));
    const h = Math.max(...heights, fontSize + 2) + 2 * pad;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      const col = columns[i]!;
      write(doc, c, x + pad, y + pad, { width: col.width - 2 * pad, align: col.align ?? 'left' });
      x += col.width;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + totalWidth, y + h)
      .strokeColor(bold ? '#000' : '#ccc')
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const r of rows) drawRow(r, false);
  doc.moveDown(0.5);
}
