/**
 * Appearances drawn without raster images or system fonts: vector shapes, vector QR modules
 * (from `qrcode`'s module matrix) and standard-14 fonts (Helvetica, Courier), which every PDF
 * viewer provides. The same layout renders to a PDF Form XObject content stream and to SVG.
 */

import type { Standard14FontName } from '@libpdf/core';
import QRCode from 'qrcode';
import { PdfError } from './errors.ts';
import type { Drawing, PathCommand, Primitive, Rgb } from './internal/content.ts';
import { drawingToPdf, fitFontSize, toWinAnsiText } from './internal/content.ts';
import { drawingToSvg } from './internal/content-svg.ts';

/**
 * A vector appearance: a content stream in a `width × height` box plus the resources it names.
 * Plain data (structured-cloneable), so it can be built in one thread and drawn in another.
 */
export type VectorAppearance = {
  kind: 'vector';
  width: number;
  height: number;
  /** PDF content stream operators (ASCII). */
  content: string;
  /** Resource name → standard-14 font (drawn with WinAnsiEncoding). */
  fonts: Record<string, Standard14FontName>;
  /** Resource name → fill/stroke opacity (ExtGState /ca, /CA). */
  opacities?: Record<string, number>;
};

export const SERIAL_PATTERN = /^[A-Z0-9]{22}$/;

export function assertSerial(serial: unknown): asserts serial is string {
  if (typeof serial !== 'string' || !SERIAL_PATTERN.test(serial)) {
    throw new PdfError(
      'INVALID_SERIAL',
      'The e-Meterai serial number must be 22 characters A-Z or 0-9.',
      `got ${JSON.stringify(typeof serial === 'string' ? serial.slice(0, 40) : typeof serial)}`,
    );
  }
}

/**
 * What the specimen's QR code carries: the verification URL with the serial in it. A `{serial}`
 * placeholder in `verifyUrl` is replaced; otherwise `sn=<serial>` is appended as a query parameter.
 */
export function specimenQrPayload(serial: string, verifyUrl: string): string {
  if (verifyUrl.includes('{serial}')) return verifyUrl.replaceAll('{serial}', serial);
  if (verifyUrl.includes(serial)) return verifyUrl;
  return `${verifyUrl}${verifyUrl.includes('?') ? '&' : '?'}sn=${serial}`;
}

const PALETTE = {
  frame: [0.91, 0.36, 0.55] as Rgb,
  paper: [1, 0.945, 0.95] as Rgb,
  wave: [1, 0.78, 0.64] as Rgb,
  ink: [0.6, 0.07, 0.28] as Rgb,
  value: [0.86, 0.28, 0.1] as Rgb,
  banner: [0.96, 0.5, 0.12] as Rgb,
  white: [1, 1, 1] as Rgb,
  qr: [0.16, 0.02, 0.09] as Rgb,
  watermark: [0.92, 0.25, 0.2] as Rgb,
};

function wave(y: number, amplitude: number, period: number, width: number): PathCommand[] {
  const d: PathCommand[] = [{ op: 'M', x: 0, y }];
  for (let x = 0; x < width; x += period) {
    const h = period / 2;
    d.push({
      op: 'C',
      x1: x + h * 0.36,
      y1: y + amplitude,
      x2: x + h * 0.64,
      y2: y + amplitude,
      x: x + h,
      y,
    });
    d.push({
      op: 'C',
      x1: x + h * 1.36,
      y1: y - amplitude,
      x2: x + h * 1.64,
      y2: y - amplitude,
      x: x + period,
      y,
    });
  }
  return d;
}

const S = 100;
const QR_BOX = 43;
const QR_X = S - 7 - QR_BOX;
const QR_Y = S - 7 - QR_BOX;

/** The parts of the SPESIMEN stamp that do not depend on the serial (100 × 100 box). */
function staticItems(): Primitive[] {
  const items: Primitive[] = [];
  // perforated frame + paper: white dots along the edges (zero-length dashes, round caps)
  items.push({ t: 'rect', x: 0, y: 0, w: S, h: S, fill: PALETTE.frame });
  items.push({ t: 'rect', x: 3.6, y: 3.6, w: S - 7.2, h: S - 7.2, fill: PALETTE.paper });
  const dots = {
    stroke: PALETTE.white,
    lineWidth: 2.7,
    dash: [0, 5] as const,
    dashPhase: 2.5,
    round: true,
  };
  items.push({ t: 'line', x1: 0, y1: 0, x2: S, y2: 0, ...dots });
  items.push({ t: 'line', x1: 0, y1: S, x2: S, y2: S, ...dots });
  items.push({ t: 'line', x1: 0, y1: 0, x2: 0, y2: S, ...dots });
  items.push({ t: 'line', x1: S, y1: 0, x2: S, y2: S, ...dots });
  // guilloche-like background lines
  for (let y = 10; y < 92; y += 9) {
    items.push({ t: 'path', d: wave(y, 1.8, 16, S), stroke: PALETTE.wave, lineWidth: 0.35 });
  }
  items.push({
    t: 'rect',
    x: 5.5,
    y: 5.5,
    w: S - 11,
    h: S - 11,
    stroke: PALETTE.ink,
    lineWidth: 0.5,
  });
  // faint diagonal watermark (the QR's white square is drawn over it)
  items.push({
    t: 'text',
    x: 50,
    y: 47,
    text: 'SPESIMEN',
    font: 'Helvetica-Bold',
    size: 17,
    fill: PALETTE.watermark,
    anchor: 'middle',
    rotate: 45,
    opacity: 0.16,
  });
  // left column: METERAI / ELEKTRONIK / 10000 / SEPULUH RIBU RUPIAH
  const colX = 9;
  const colW = QR_X - colX - 2;
  const label = (
    y: number,
    text: string,
    font: Standard14FontName,
    size: number,
    fill: Rgb,
  ): Primitive => ({
    t: 'text',
    x: colX,
    y,
    text,
    font,
    size: fitFontSize(text, font, size, colW),
    fill,
  });
  items.push(label(83, 'METERAI', 'Helvetica-Bold', 9.5, PALETTE.ink));
  items.push(label(76.5, 'ELEKTRONIK', 'Helvetica', 5.6, PALETTE.ink));
  items.push(label(60, '10000', 'Helvetica-Bold', 14, PALETTE.value));
  items.push(label(53.5, 'SEPULUH RIBU', 'Helvetica-Bold', 4.6, PALETTE.ink));
  items.push(label(48.5, 'RUPIAH', 'Helvetica-Bold', 4.6, PALETTE.ink));
  // SPESIMEN banner
  items.push({ t: 'rect', x: 5.5, y: 31, w: S - 11, h: 10, fill: PALETTE.banner });
  items.push({
    t: 'text',
    x: 50,
    y: 33.3,
    text: 'SPESIMEN',
    font: 'Helvetica-Bold',
    size: 7.6,
    fill: PALETTE.white,
    anchor: 'middle',
  });
  const notice = 'TIDAK BERLAKU - HANYA UNTUK UJI COBA';
  items.push({
    t: 'text',
    x: 50,
    y: 12,
    text: notice,
    font: 'Helvetica',
    size: fitFontSize(notice, 'Helvetica', 3.6, S - 16),
    fill: PALETTE.ink,
    anchor: 'middle',
  });
  return items;
}

/** The parts that carry the serial: the QR code (top right) and the serial line. */
function serialItems(serial: string, verifyUrl: string): Primitive[] {
  assertSerial(serial);
  if (typeof verifyUrl !== 'string' || verifyUrl.length === 0 || verifyUrl.length > 512) {
    throw new PdfError('INVALID_ARGUMENT', 'The verification URL must be 1-512 characters.');
  }
  const qr = QRCode.create(specimenQrPayload(serial, verifyUrl), { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const data = qr.modules.data;
  const m = QR_BOX / (n + 2); // 1-module quiet zone
  return [
    { t: 'rect', x: QR_X, y: QR_Y, w: QR_BOX, h: QR_BOX, fill: PALETTE.white },
    {
      t: 'modules',
      x: QR_X + m,
      y: QR_Y + m,
      moduleSize: m,
      size: n,
      dark: (r, c) => data[r * n + c] === 1,
      fill: PALETTE.qr,
    },
    {
      t: 'text',
      x: 50,
      y: 21.5,
      text: serial,
      font: 'Courier-Bold',
      size: fitFontSize(serial, 'Courier-Bold', 6, S - 16),
      fill: PALETTE.ink,
      anchor: 'middle',
    },
  ];
}

let staticLayer: ReturnType<typeof drawingToPdf> | undefined;

/**
 * The local issuer's SPESIMEN e-Meterai stamp as a vector appearance (for `stampMeterai`'s
 * `image`): QR code with the serial and verification URL, "METERAI ELEKTRONIK", "10000",
 * "SEPULUH RIBU RUPIAH", the serial, and a "SPESIMEN" banner and watermark.
 */
export function createSpecimenStampAppearance(serial: string, verifyUrl: string): VectorAppearance {
  const dynamic = drawingToPdf({ width: S, height: S, items: serialItems(serial, verifyUrl) });
  staticLayer ??= drawingToPdf({ width: S, height: S, items: staticItems() });
  return {
    kind: 'vector',
    width: S,
    height: S,
    content: staticLayer.content + dynamic.content,
    fonts: { ...staticLayer.fonts, ...dynamic.fonts },
    opacities: { ...staticLayer.opacities, ...dynamic.opacities },
  };
}

/** The same SPESIMEN stamp as an SVG document string, for web previews. */
export function renderSpecimenStampSvg(
  serial: string,
  verifyUrl: string,
  options: { size?: number } = {},
): string {
  const items = [...staticItems(), ...serialItems(serial, verifyUrl)];
  return drawingToSvg({ width: S, height: S, items }, options.size);
}

export type TextSpecimenOptions = {
  /** Small line under the name. Default: "Digitally signed" and the date. */
  caption?: string;
  /** Date shown in the default caption. Default: now. */
  date?: Date;
  /** IANA time zone for the default caption's date. Default `Asia/Jakarta`. */
  timeZone?: string;
};

const INDONESIAN_ZONES: Record<string, string> = {
  'GMT+7': 'WIB',
  'GMT+8': 'WITA',
  'GMT+9': 'WIT',
};

function formatDate(date: Date, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZoneName: 'short',
    }).formatToParts(date);
    const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
    const zone = INDONESIAN_ZONES[get('timeZoneName')] ?? get('timeZoneName');
    return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} ${zone}`;
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}

function textSpecimenDrawing(
  text: string,
  width: number,
  height: number,
  options: TextSpecimenOptions,
): Drawing {
  const name = toWinAnsiText(text.trim()).slice(0, 200) || '?';
  const caption =
    options.caption ??
    `Digitally signed ${formatDate(options.date ?? new Date(), options.timeZone ?? 'Asia/Jakarta')}`;
  const pad = Math.min(width, height) * 0.06;
  const captionSize = fitFontSize(
    caption,
    'Helvetica',
    Math.max(3, height * 0.12),
    width - 2 * pad,
  );
  const nameArea = height - captionSize * 1.8 - 2 * pad;
  const nameSize = fitFontSize(
    name,
    'Helvetica-Oblique',
    Math.max(4, nameArea * 0.72),
    width - 2 * pad,
  );
  const baseline = pad + captionSize * 1.8 + (nameArea - nameSize * 0.7) / 2;
  const ink: Rgb = [0.08, 0.18, 0.47];
  const items: Primitive[] = [
    {
      t: 'text',
      x: width / 2,
      y: baseline,
      text: name,
      font: 'Helvetica-Oblique',
      size: nameSize,
      fill: ink,
      anchor: 'middle',
    },
    {
      t: 'path',
      d: [
        { op: 'M', x: pad, y: pad + captionSize * 1.45 },
        { op: 'L', x: width - pad, y: pad + captionSize * 1.45 },
      ],
      stroke: [0.55, 0.6, 0.7],
      lineWidth: Math.max(0.3, height * 0.008),
    },
    {
      t: 'text',
      x: width / 2,
      y: pad,
      text: caption,
      font: 'Helvetica',
      size: captionSize,
      fill: [0.3, 0.3, 0.35],
      anchor: 'middle',
    },
  ];
  return { width, height, items };
}

/**
 * A typed-name signature specimen (Helvetica-Oblique name over a rule and a caption) sized for a
 * `width × height` box in points.
 */
export function createTextSpecimenAppearance(
  text: string,
  width: number,
  height: number,
  options: TextSpecimenOptions = {},
): VectorAppearance {
  if (!(width > 0 && height > 0)) {
    throw new PdfError('INVALID_ARGUMENT', 'The specimen box must have a positive size.');
  }
  const drawing = textSpecimenDrawing(text, width, height, options);
  const rendered = drawingToPdf(drawing);
  return {
    kind: 'vector',
    width,
    height,
    content: rendered.content,
    fonts: rendered.fonts,
    opacities: rendered.opacities,
  };
}

/** SVG preview of a typed-name specimen. */
export function renderTextSpecimenSvg(
  text: string,
  width: number,
  height: number,
  options: TextSpecimenOptions = {},
): string {
  return drawingToSvg(textSpecimenDrawing(text, width, height, options));
}
