/**
 * The signature widget's normal appearance: an image or vector drawing fitted to the box, as a
 * Form XObject that stays upright on a rotated page.
 */
import { deflateSync } from 'node:zlib';
import type { PDF } from '@libpdf/core';
import { PdfArray, PdfDict, PdfName, PdfNumber, type PdfRef } from '@libpdf/core';
import { PdfError } from '../errors.ts';
import type { Rotation } from '../place.ts';
import type { VectorAppearance } from '../specimen.ts';
import type { EmbeddedImage } from './png.ts';
import { embedPngFast, isJpeg, isPng } from './png.ts';

/** What to draw in the signature widget. */
export type AppearanceInput =
  | {
      kind: 'image';
      bytes: Uint8Array;
      /** Drawn under the image (a band of the box's lower part): e.g. the name and caption. */
      label?: (width: number, height: number) => VectorAppearance;
    }
  | VectorAppearance
  /** Built once the widget size is known (e.g. text specimens fitted to the box). */
  | { kind: 'deferred'; build: (width: number, height: number) => VectorAppearance };

export function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function compressed(
  pdf: PDF,
  entries: Record<string, PdfDict | PdfName | PdfNumber | PdfArray | PdfRef>,
  data: Uint8Array,
): PdfRef {
  if (data.length >= 512) {
    // native zlib at level 1: appearance streams are small; speed matters more than ratio here
    const packed = new Uint8Array(deflateSync(data, { level: 1 }));
    return pdf.createStream({ ...entries, Filter: PdfName.of('FlateDecode') }, packed);
  }
  return pdf.createStream(entries, data);
}
function standardFontDict(base: string): PdfDict {
  const entries: Record<string, PdfName> = {
    Type: PdfName.of('Font'),
    Subtype: PdfName.of('Type1'),
    BaseFont: PdfName.of(base),
  };
  if (base !== 'Symbol' && base !== 'ZapfDingbats')
    entries.Encoding = PdfName.of('WinAnsiEncoding');
  return PdfDict.of(entries);
}

function embedImage(pdf: PDF, bytes: Uint8Array): EmbeddedImage {
  if (isPng(bytes)) {
    const fast = embedPngFast(pdf, bytes);
    if (fast) return fast;
  } else if (!isJpeg(bytes)) {
    throw new Error('not a PNG or JPEG');
  }
  const image = pdf.embedImage(bytes);
  return { ref: image.ref, width: image.width, height: image.height };
}

/**
 * Build the widget's normal appearance: a Form XObject whose BBox is the box as the viewer shows
 * it (w × h) and whose /Matrix turns it upright on a rotated page.
 */
export function buildAppearance(
  pdf: PDF,
  input: AppearanceInput,
  w: number,
  h: number,
  rotation: Rotation,
): PdfRef {
  const resources = new PdfDict();
  let body: string;
  if (input.kind === 'image') {
    let image: EmbeddedImage;
    try {
      image = embedImage(pdf, input.bytes);
    } catch (error) {
      throw new PdfError(
        'INVALID_ARGUMENT',
        'The stamp/specimen image must be a PNG or JPEG file.',
        error instanceof Error ? error.message : String(error),
      );
    }
    resources.set('XObject', PdfDict.of({ Im0: image.ref }));
    // With a label, the image keeps the upper part and the label the lower 30 %.
    const band = input.label ? h * 0.3 : 0;
    const ah = h - band;
    const s = Math.min(w / image.width, ah / image.height);
    const iw = image.width * s;
    const ih = image.height * s;
    body = `q ${round(iw)} 0 0 ${round(ih)} ${round((w - iw) / 2)} ${round(band + (ah - ih) / 2)} cm /Im0 Do Q\n`;
    if (input.label) {
      const label = input.label(w, band);
      const fonts = new PdfDict();
      for (const [name, base] of Object.entries(label.fonts))
        fonts.set(name, standardFontDict(base));
      if (Object.keys(label.fonts).length > 0) resources.set('Font', fonts);
      const ls = Math.min(w / label.width, band / label.height);
      body += `q ${round(ls)} 0 0 ${round(ls)} 0 0 cm\n${label.content}Q\n`;
    }
  } else {
    const vector = input.kind === 'deferred' ? input.build(w, h) : input;
    const fonts = new PdfDict();
    for (const [name, base] of Object.entries(vector.fonts))
      fonts.set(name, standardFontDict(base));
    if (Object.keys(vector.fonts).length > 0) resources.set('Font', fonts);
    const opacities = vector.opacities ?? {};
    if (Object.keys(opacities).length > 0) {
      const gs = new PdfDict();
      for (const [name, o] of Object.entries(opacities)) {
        gs.set(
          name,
          PdfDict.of({ Type: PdfName.of('ExtGState'), ca: PdfNumber.of(o), CA: PdfNumber.of(o) }),
        );
      }
      resources.set('ExtGState', gs);
    }
    const s = Math.min(w / vector.width, h / vector.height);
    const dx = (w - vector.width * s) / 2;
    const dy = (h - vector.height * s) / 2;
    body = `q ${round(s)} 0 0 ${round(s)} ${round(dx)} ${round(dy)} cm\n${vector.content}Q\n`;
  }
  const rad = (rotation * Math.PI) / 180;
  const cos = Math.round(Math.cos(rad));
  const sin = Math.round(Math.sin(rad));
  return compressed(
    pdf,
    {
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Form'),
      BBox: new PdfArray([
        PdfNumber.of(0),
        PdfNumber.of(0),
        PdfNumber.of(round(w)),
        PdfNumber.of(round(h)),
      ]),
      Matrix: new PdfArray([cos, sin, -sin, cos, 0, 0].map((v) => PdfNumber.of(v))),
      Resources: resources,
    },
    new Uint8Array(Buffer.from(body, 'latin1')),
  );
}
