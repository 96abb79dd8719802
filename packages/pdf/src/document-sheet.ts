import { PDF, rgb, StandardFonts } from '@libpdf/core';

/**
 * A plain A4 business document (invoice, receipt) drawn from lines of text: a title, two
 * address blocks, a table and totals. The caller formats every value (currency, dates);
 * Standard 14 fonts, so only WinAnsi text (Indonesian and English are).
 */
export type DocumentSheet = {
  title: string;
  /** Right of the title: e.g. "PAID" or "PENDING". */
  badge?: string;
  meta: [label: string, value: string][];
  from: { heading: string; lines: string[] };
  to: { heading: string; lines: string[] };
  columns: [string, string, string, string];
  rows: [string, string, string, string][];
  totals: [label: string, value: string][];
  footer: string[];
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const GREY = rgb(0.4, 0.4, 0.4);

/** Only characters the standard fonts can draw (WinAnsi); anything else becomes "?". */
const ansi = (text: string): string =>
  text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u20ac]/g, '?');

export const renderDocumentSheet = async (sheet: DocumentSheet): Promise<Uint8Array> => {
  const pdf = PDF.create();
  const page = pdf.addPage({ size: 'a4' });
  const right = A4.width - MARGIN;
  let y = A4.height - MARGIN - 18;
  const text = (
    value: string,
    x: number,
    at: number,
    opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {},
  ) =>
    page.drawText(ansi(value), {
      x,
      y: at,
      size: opts.size ?? 10,
      font: opts.bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica,
      ...(opts.color ? { color: opts.color } : {}),
    });

  text(sheet.title, MARGIN, y, { size: 20, bold: true });
  if (sheet.badge) text(sheet.badge, right - 90, y, { size: 14, bold: true });
  y -= 28;
  for (const [label, value] of sheet.meta) {
    text(label, MARGIN, y, { color: GREY });
    text(value, MARGIN + 110, y);
    y -= 14;
  }
  y -= 12;
  const blockTop = y;
  for (const [block, x] of [
    [sheet.from, MARGIN],
    [sheet.to, A4.width / 2],
  ] as const) {
    let by = blockTop;
    text(block.heading, x, by, { bold: true });
    by -= 14;
    for (const line of block.lines) {
      text(line, x, by);
      by -= 13;
    }
    y = Math.min(y, by);
  }
  y -= 16;
  const colX = [MARGIN, MARGIN + 250, MARGIN + 320, MARGIN + 410];
  page.drawRectangle({
    x: MARGIN - 4,
    y: y - 5,
    width: right - MARGIN + 8,
    height: 18,
    color: rgb(0.93, 0.94, 0.96),
  });
  sheet.columns.forEach((c, i) => {
    text(c, colX[i] ?? MARGIN, y, { bold: true });
  });
  y -= 20;
  for (const row of sheet.rows) {
    row.forEach((c, i) => {
      text(c, colX[i] ?? MARGIN, y);
    });
    y -= 16;
  }
  page.drawLine({
    start: { x: MARGIN, y: y + 6 },
    end: { x: right, y: y + 6 },
    color: GREY,
    thickness: 0.5,
  });
  y -= 10;
  sheet.totals.forEach(([label, value], i) => {
    const bold = i === sheet.totals.length - 1;
    text(label, colX[2] ?? MARGIN, y, { bold });
    text(value, colX[3] ?? MARGIN, y, { bold });
    y -= 16;
  });
  y -= 20;
  for (const line of sheet.footer) {
    text(line, MARGIN, y, { size: 9, color: GREY });
    y -= 12;
  }
  return pdf.save();
};
