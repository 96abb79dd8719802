import { PDF, rgb, Standard14Font, StandardFonts } from '@libpdf/core';

/**
 * A plain A4 report of as many pages as it needs (e.g. a completion certificate): a title, then
 * sections of label/value rows or of entries (a bold first line and smaller lines under it).
 * Long values wrap at word boundaries, or anywhere in a word too long for the line (a SHA-256).
 * Standard 14 fonts, so only WinAnsi text (Indonesian and English are).
 */
export type ReportSheet = {
  title: string;
  subtitle?: string;
  sections: ReportSection[];
  /** Small grey lines at the bottom of every page (the page number follows them). */
  footer: string[];
};

export type ReportSection =
  | { kind: 'fields'; heading: string; rows: [label: string, value: string][] }
  | { kind: 'entries'; heading: string; items: { title: string; lines: string[] }[] };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const GREY = rgb(0.4, 0.4, 0.4);
const LABEL_WIDTH = 130;

const regular = Standard14Font.of('Helvetica');
const bold = Standard14Font.of('Helvetica-Bold');

/** Only characters the standard fonts can draw (WinAnsi); anything else becomes "?". */
const ansi = (text: string): string =>
  text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u20ac]/g, '?');

/** `text` broken into lines no wider than `width` at `size`. */
const wrap = (text: string, width: number, size: number, font = regular): string[] => {
  const lines: string[] = [];
  let line = '';
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  for (const word of ansi(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // A word wider than the line is cut where it must be.
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
};

export const renderReportSheet = async (sheet: ReportSheet): Promise<Uint8Array> => {
  const pdf = PDF.create();
  const pages: ReturnType<typeof pdf.addPage>[] = [];
  let page = pdf.addPage({ size: 'a4' });
  pages.push(page);
  const bottom = MARGIN + 12 * sheet.footer.length + 20;
  const textWidth = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN - 18;

  const draw = (
    value: string,
    x: number,
    opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {},
  ) =>
    page.drawText(value, {
      x,
      y,
      size: opts.size ?? 10,
      font: opts.bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica,
      ...(opts.color ? { color: opts.color } : {}),
    });
  /** Room for `height` points on this page, or a new page. */
  const room = (height: number) => {
    if (y - height >= bottom) return;
    page = pdf.addPage({ size: 'a4' });
    pages.push(page);
    y = A4.height - MARGIN - 10;
  };

  draw(ansi(sheet.title), MARGIN, { size: 18, bold: true });
  y -= 20;
  if (sheet.subtitle) {
    for (const line of wrap(sheet.subtitle, textWidth, 10)) {
      draw(line, MARGIN, { color: GREY });
      y -= 13;
    }
  }
  for (const section of sheet.sections) {
    y -= 12;
    room(40);
    draw(ansi(section.heading), MARGIN, { size: 12, bold: true });
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      color: GREY,
      thickness: 0.5,
    });
    y -= 14;
    if (section.kind === 'fields') {
      for (const [label, value] of section.rows) {
        const lines = wrap(value, textWidth - LABEL_WIDTH, 10);
        room(13 * lines.length);
        draw(ansi(label), MARGIN, { color: GREY });
        for (const line of lines) {
          draw(line, MARGIN + LABEL_WIDTH);
          y -= 13;
        }
        y -= 2;
      }
    } else {
      for (const item of section.items) {
        const title = wrap(item.title, textWidth, 10, bold);
        const lines = item.lines.flatMap((l) => wrap(l, textWidth - 12, 8.5));
        room(13 * title.length + 11 * lines.length);
        for (const line of title) {
          draw(line, MARGIN, { bold: true });
          y -= 13;
        }
        for (const line of lines) {
          draw(line, MARGIN + 12, { size: 8.5, color: GREY });
          y -= 11;
        }
        y -= 6;
      }
    }
  }
  pages.forEach((p, i) => {
    let fy = MARGIN + 12 * sheet.footer.length;
    for (const line of [...sheet.footer, `${i + 1} / ${pages.length}`]) {
      p.drawText(ansi(line), {
        x: MARGIN,
        y: fy,
        size: 8,
        font: StandardFonts.Helvetica,
        color: GREY,
      });
      fy -= 12;
    }
  });
  return pdf.save();
};
