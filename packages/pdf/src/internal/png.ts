/**
 * PNG → PDF image XObject with native zlib.
 *
 * @libpdf/core's `embedPng` decodes and re-compresses every PNG in JavaScript, once per stamp
 * (`npm run bench` times the stamp). PDF can read PNG-predicted Flate data directly, so opaque
 * 8-bit PNGs (gray, RGB, palette) are passed through unchanged (`/DecodeParms << /Predictor 15
 * ... >>`); PNGs with an alpha channel or tRNS are inflated natively, un-filtered, split into
 * colour + /SMask and deflated natively. Interlaced and 16-bit PNGs fall back to libpdf.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import type { PDF, PdfRef } from '@libpdf/core';
import { PdfArray, PdfDict, PdfName, PdfNumber, PdfString } from '@libpdf/core';

export type EmbeddedImage = { ref: PdfRef; width: number; height: number };

type PngInfo = {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  palette: Uint8Array | undefined;
  transparency: Uint8Array | undefined;
  idat: Uint8Array;
};

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_PIXELS = 40_000_000;

export function isPng(bytes: Uint8Array): boolean {
  return SIGNATURE.every((b, i) => bytes[i] === b);
}

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

function u32(b: Uint8Array, at: number): number {
  return (
    (((b[at] ?? 0) << 24) |
      ((b[at + 1] ?? 0) << 16) |
      ((b[at + 2] ?? 0) << 8) |
      (b[at + 3] ?? 0)) >>>
    0
  );
}

function parsePng(bytes: Uint8Array): PngInfo | undefined {
  let pos = 8;
  let ihdr: Uint8Array | undefined;
  let palette: Uint8Array | undefined;
  let transparency: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  while (pos + 8 <= bytes.length) {
    const length = u32(bytes, pos);
    const type = String.fromCharCode(
      bytes[pos + 4] ?? 0,
      bytes[pos + 5] ?? 0,
      bytes[pos + 6] ?? 0,
      bytes[pos + 7] ?? 0,
    );
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (data.length !== length) return undefined;
    if (type === 'IHDR') ihdr = data;
    else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') transparency = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  if (!ihdr || ihdr.length < 13 || idat.length === 0) return undefined;
  return {
    width: u32(ihdr, 0),
    height: u32(ihdr, 4),
    bitDepth: ihdr[8] ?? 0,
    colorType: ihdr[9] ?? 0,
    interlace: ihdr[12] ?? 0,
    palette,
    transparency,
    idat: Buffer.concat(idat),
  };
}

function channels(colorType: number): number {
  return colorType === 2 ? 3 : colorType === 4 ? 2 : colorType === 6 ? 4 : 1;
}

/** Undo PNG row filters (8-bit samples, `bpp` bytes per pixel). */
function unfilter(data: Uint8Array, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  if (data.length < (stride + 1) * height) throw new Error('PNG data too short');
  let src = 0;
  for (let y = 0; y < height; y++) {
    const type = data[src] as number;
    src++;
    const row = y * stride;
    const prev = row - stride;
    const first = y === 0;
    switch (type) {
      case 1:
        for (let x = 0; x < bpp; x++) out[row + x] = data[src + x] as number;
        for (let x = bpp; x < stride; x++) {
          out[row + x] = ((data[src + x] as number) + (out[row + x - bpp] as number)) & 0xff;
        }
        break;
      case 2:
        if (first) out.set(data.subarray(src, src + stride), row);
        else {
          for (let x = 0; x < stride; x++) {
            out[row + x] = ((data[src + x] as number) + (out[prev + x] as number)) & 0xff;
          }
        }
        break;
      case 3:
        for (let x = 0; x < stride; x++) {
          const a = x >= bpp ? (out[row + x - bpp] as number) : 0;
          const b = first ? 0 : (out[prev + x] as number);
          out[row + x] = ((data[src + x] as number) + ((a + b) >> 1)) & 0xff;
        }
        break;
      case 4:
        for (let x = 0; x < stride; x++) {
          const a = x >= bpp ? (out[row + x - bpp] as number) : 0;
          const b = first ? 0 : (out[prev + x] as number);
          const c = !first && x >= bpp ? (out[prev + x - bpp] as number) : 0;
          const p = a + b - c;
          const pa = p > a ? p - a : a - p;
          const pb = p > b ? p - b : b - p;
          const pc = p > c ? p - c : c - p;
          out[row + x] =
            ((data[src + x] as number) + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
        }
        break;
      default:
        out.set(data.subarray(src, src + stride), row);
    }
    src += stride;
  }
  return out;
}

function decodeParms(colors: number, columns: number): PdfDict {
  return PdfDict.of({
    Predictor: PdfNumber.of(15),
    Colors: PdfNumber.of(colors),
    BitsPerComponent: PdfNumber.of(8),
    Columns: PdfNumber.of(columns),
  });
}

function colorSpaceOf(info: PngInfo): PdfName | PdfArray {
  if (info.colorType === 3 && info.palette) {
    return new PdfArray([
      PdfName.of('Indexed'),
      PdfName.of('DeviceRGB'),
      PdfNumber.of(info.palette.length / 3 - 1),
      PdfString.fromBytes(new Uint8Array(info.palette)),
    ]);
  }
  return PdfName.of(info.colorType === 0 || info.colorType === 4 ? 'DeviceGray' : 'DeviceRGB');
}

/** Embed a PNG; undefined when the PNG needs libpdf's general decoder (interlaced, 16-bit). */
export function embedPngFast(pdf: PDF, bytes: Uint8Array): EmbeddedImage | undefined {
  const info = parsePng(bytes);
  if (info?.interlace !== 0 || info.bitDepth !== 8) return undefined;
  if (info.width === 0 || info.height === 0 || info.width * info.height > MAX_PIXELS)
    return undefined;
  if (info.colorType === 3 && !info.palette) return undefined;
  const ch = channels(info.colorType);
  const base: Record<string, PdfName | PdfNumber | PdfArray | PdfRef | PdfDict> = {
    Type: PdfName.of('XObject'),
    Subtype: PdfName.of('Image'),
    Width: PdfNumber.of(info.width),
    Height: PdfNumber.of(info.height),
    BitsPerComponent: PdfNumber.of(8),
    ColorSpace: colorSpaceOf(info),
    Filter: PdfName.of('FlateDecode'),
  };
  const hasAlpha = info.colorType === 4 || info.colorType === 6 || info.transparency !== undefined;
  if (!hasAlpha) {
    const ref = pdf.createStream(
      {
        ...base,
        DecodeParms: decodeParms(ch, info.width),
      },
      info.idat,
    );
    return { ref, width: info.width, height: info.height };
  }
  let raw: Uint8Array;
  try {
    raw = new Uint8Array(
      inflateSync(info.idat, { maxOutputLength: (info.width * ch + 1) * info.height + 1024 }),
    );
  } catch {
    return undefined;
  }
  const pixels = unfilter(raw, info.width, info.height, ch);
  const n = info.width * info.height;
  const colorChannels = info.colorType === 4 ? 1 : info.colorType === 6 ? 3 : ch;
  const color = new Uint8Array(n * colorChannels);
  const alpha = new Uint8Array(n);
  if (info.colorType === 6) {
    for (let i = 0, c = 0, q = 0; i < n; i++, q += 4) {
      color[c++] = pixels[q] as number;
      color[c++] = pixels[q + 1] as number;
      color[c++] = pixels[q + 2] as number;
      alpha[i] = pixels[q + 3] as number;
    }
  } else if (info.colorType === 4) {
    for (let i = 0, q = 0; i < n; i++, q += 2) {
      color[i] = pixels[q] as number;
      alpha[i] = pixels[q + 1] as number;
    }
  } else {
    // tRNS on gray / RGB / palette images
    const t = info.transparency ?? new Uint8Array();
    for (let i = 0; i < n; i++) {
      if (info.colorType === 3) {
        const idx = pixels[i] ?? 0;
        color[i] = idx;
        alpha[i] = idx < t.length ? (t[idx] ?? 255) : 255;
      } else if (info.colorType === 0) {
        const g = pixels[i] ?? 0;
        color[i] = g;
        alpha[i] = t.length >= 2 && g === (t[1] ?? -1) ? 0 : 255;
      } else {
        const r = pixels[i * 3] ?? 0;
        const g = pixels[i * 3 + 1] ?? 0;
        const b = pixels[i * 3 + 2] ?? 0;
        color[i * 3] = r;
        color[i * 3 + 1] = g;
        color[i * 3 + 2] = b;
        alpha[i] = t.length >= 6 && r === t[1] && g === t[3] && b === t[5] ? 0 : 255;
      }
    }
  }
  if (alpha.every((a) => a === 255)) {
    // fully opaque: no soft mask needed (the colour space in `base` matches `color`)
    const ref = pdf.createStream(base, new Uint8Array(deflateSync(color, { level: 3 })));
    return { ref, width: info.width, height: info.height };
  }
  const smask = pdf.createStream(
    {
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Image'),
      Width: PdfNumber.of(info.width),
      Height: PdfNumber.of(info.height),
      BitsPerComponent: PdfNumber.of(8),
      ColorSpace: PdfName.of('DeviceGray'),
      Filter: PdfName.of('FlateDecode'),
    },
    new Uint8Array(deflateSync(alpha, { level: 3 })),
  );
  const ref = pdf.createStream(
    { ...base, SMask: smask },
    new Uint8Array(deflateSync(color, { level: 3 })),
  );
  return { ref, width: info.width, height: info.height };
}

export type DecodedPng = {
  width: number;
  height: number;
  /** Samples per pixel (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA; palette images stay indices). */
  channels: number;
  /** Unfiltered 8-bit samples, row by row. */
  pixels: Uint8Array;
};

/**
 * Decode an 8-bit, non-interlaced PNG to raw samples (what `embedPngFast` handles; used by the
 * tests to read pdftoppm renderings). Undefined for anything else.
 */
export function decodePng(bytes: Uint8Array): DecodedPng | undefined {
  const info = isPng(bytes) ? parsePng(bytes) : undefined;
  if (info?.interlace !== 0 || info.bitDepth !== 8) return undefined;
  const ch = channels(info.colorType);
  const raw = inflateSync(info.idat, {
    maxOutputLength: (info.width * ch + 1) * info.height + 1024,
  });
  return {
    width: info.width,
    height: info.height,
    channels: ch,
    pixels: unfilter(raw, info.width, info.height, ch),
  };
}
