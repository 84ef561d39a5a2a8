import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/**
 * Small PDF documents made on the server (packing slips now, tax invoices next) with pdfkit and its
 * built-in Helvetica: no font files, no network. Helvetica covers Latin text only (WinAnsi), so `pdfText`
 * replaces what it cannot draw (the rupee sign is written "Rs.", other scripts become "?"). Streams are
 * left uncompressed by default: the documents are a few kilobytes, and their text stays searchable by
 * tools and tests that read the raw file.
 */

export type Pdf = InstanceType<typeof PDFDocument>;

export type PdfOptions = { title: string; compress?: boolean };

/**
 * pdfkit (and its fonts) is loaded at the first document, not at start: most processes make none for
 * a long while (docs/decisions/0129-server-hot-paths.md).
 */
let pdfkit: typeof PDFDocument | undefined;
const loadPdfkit = () => (pdfkit ??= createRequire(import.meta.url)('pdfkit') as typeof PDFDocument);

/** Builds a document with `draw` and answers its bytes. */
export function renderPdf(options: PdfOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  const Document = loadPdfkit();
  const doc = new Document({
    size: 'A4',
    margin: 40,
    compress: options.compress ?? false,
    info: { Title: pdfText(options.title), Producer: 'Haat', Creator: 'Haat' },
  });
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

/** A bold heading and a gap. */
export function heading(doc: Pdf, text: string, size = 16): void {
  doc.font('Helvetica-Bold').fontSize(size).text(pdfText(text));
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
}

/** A small grey label over a block of lines, at the given position and width. */
export function labelledBlock(
  doc: Pdf,
  label: string,
  lines: string[],
  at: { x: number; y: number; width: number },
): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#555').text(pdfText(label.toUpperCase()), at.x, at.y, {
    width: at.width,
  });
  doc.font('Helvetica').fontSize(10).fillColor('#000');
  for (const l of lines.filter((s) => s.trim() !== '')) doc.text(pdfText(l), { width: at.width });
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
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    const heights = cells.map((c, i) =>
      doc.heightOfString(pdfText(c), { width: columns[i]!.width - 2 * pad }),
    );
    const h = Math.max(...heights, fontSize + 2) + 2 * pad;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      const col = columns[i]!;
      doc.text(pdfText(c), x + pad, y + pad, { width: col.width - 2 * pad, align: col.align ?? 'left' });
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
