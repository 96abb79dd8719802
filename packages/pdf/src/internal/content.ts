/**
 * Content-stream helpers: number formatting, WinAnsi text encoding for the standard-14 fonts,
 * and a tiny drawing-primitive model rendered both to PDF operators and to SVG, so the stamp that
 * is signed into the PDF and the web preview come from one layout.
 */

import type { Standard14FontName } from '@libpdf/core';
import { measureText } from '@libpdf/core';

export type Rgb = readonly [number, number, number];

/** A number for a content stream: at most 3 decimals, no exponent, no trailing zeros. */
export function num(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  if (Number.isInteger(r)) return r === 0 ? '0' : String(r);
  return Math.abs(r) < 1e-6 ? '0' : String(r);
}

const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

const TRANSLIT: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  '‐': '-',
  '−': '-',
};

/**
 * Map text to characters the standard-14 Latin fonts can show with WinAnsiEncoding. Characters
 * outside it lose their diacritics when possible, else become `?`.
 */
export function toWinAnsiText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch in WIN_ANSI_EXTRA) {
      out += ch;
      continue;
    }
    if (code === 0x09 || code === 0x0a || code === 0x0d) {
      out += ' ';
      continue;
    }
    const translit = TRANSLIT[ch];
    if (translit) {
      out += translit;
      continue;
    }
    const stripped = ch.normalize('NFD').replace(/\p{M}/gu, '');
    const sc = stripped.codePointAt(0) ?? 0;
    out += stripped.length === 1 && sc >= 0x20 && sc <= 0x7e ? stripped : '?';
  }
  return out;
}

/** PDF literal string of WinAnsi-encodable text (call `toWinAnsiText` first). */
export function pdfLiteral(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = WIN_ANSI_EXTRA[ch] ?? ch.codePointAt(0) ?? 0x3f;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code > 0x7e) out += `\\${(code & 0xff).toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out})`;
}

export function textWidth(text: string, font: Standard14FontName, size: number): number {
  return measureText(text, font, size);
}

/** Largest font size ≤ `max` at which `text` fits in `width`. */
export function fitFontSize(
  text: string,
  font: Standard14FontName,
  max: number,
  width: number,
): number {
  const w = textWidth(text, font, max);
  return w <= width || w === 0 ? max : Math.max(1, (max * width) / w);
}

// ---------------------------------------------------------------------------------------------
// Drawing primitives (PDF coordinates: origin bottom-left, y up)

export type PathCommand =
  | { op: 'M'; x: number; y: number }
  | { op: 'L'; x: number; y: number }
  | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: 'Z' };

export type Primitive =
  | {
      t: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      fill?: Rgb;
      stroke?: Rgb;
      lineWidth?: number;
    }
  | { t: 'circle'; cx: number; cy: number; r: number; fill: Rgb }
  | {
      /** Straight line; with `dash` [on, off] and round caps, zero-length dashes draw dots. */
      t: 'line';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      stroke: Rgb;
      lineWidth: number;
      dash?: readonly [number, number];
      dashPhase?: number;
      round?: boolean;
    }
  | { t: 'path'; d: PathCommand[]; stroke: Rgb; lineWidth: number }
  | {
      t: 'text';
      x: number;
      y: number;
      text: string;
      font: Standard14FontName;
      size: number;
      fill: Rgb;
      anchor?: 'start' | 'middle';
      /** Counter-clockwise degrees about (x, y). */
      rotate?: number;
      opacity?: number;
    }
  | {
      t: 'modules';
      /** Bottom-left of the symbol (without quiet zone). */
      x: number;
      y: number;
      moduleSize: number;
      /** Row-major, row 0 at the top. */
      size: number;
      dark: (row: number, col: number) => boolean;
      fill: Rgb;
    };

export type Drawing = { width: number; height: number; items: Primitive[] };

const K = 0.5522847498;

function circlePath(cx: number, cy: number, r: number): string {
  const k = r * K;
  return (
    `${num(cx + r)} ${num(cy)} m ` +
    `${num(cx + r)} ${num(cy + k)} ${num(cx + k)} ${num(cy + r)} ${num(cx)} ${num(cy + r)} c ` +
    `${num(cx - k)} ${num(cy + r)} ${num(cx - r)} ${num(cy + k)} ${num(cx - r)} ${num(cy)} c ` +
    `${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${num(cy - r)} ${num(cx)} ${num(cy - r)} c ` +
    `${num(cx + k)} ${num(cy - r)} ${num(cx + r)} ${num(cy - k)} ${num(cx + r)} ${num(cy)} c h f\n`
  );
}

function rgbOp(c: Rgb, stroke: boolean): string {
  return `${num(c[0])} ${num(c[1])} ${num(c[2])} ${stroke ? 'RG' : 'rg'}\n`;
}

/** Horizontal runs of dark modules: [row, startCol, length]. */
export function moduleRuns(
  size: number,
  dark: (r: number, c: number) => boolean,
): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let r = 0; r < size; r++) {
    let c = 0;
    while (c < size) {
      if (!dark(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < size && dark(r, c)) c++;
      runs.push([r, start, c - start]);
    }
  }
  return runs;
}

export type RenderedContent = {
  content: string;
  fonts: Record<string, Standard14FontName>;
  opacities: Record<string, number>;
};

export function drawingToPdf(drawing: Drawing): RenderedContent {
  // Resource names are derived from the resource itself (not a counter), so separately rendered
  // layers can be concatenated and their resource maps merged.
  const fonts: Record<string, Standard14FontName> = {};
  const opacities: Record<string, number> = {};
  const fontRes = (f: Standard14FontName): string => {
    const n = f.replace(/[^A-Za-z]/g, '');
    fonts[n] = f;
    return n;
  };
  const gsRes = (o: number): string => {
    const n = `GS${Math.round(o * 1000)}`;
    opacities[n] = o;
    return n;
  };
  let out = '';
  for (const p of drawing.items) {
    switch (p.t) {
      case 'rect':
        if (p.fill) out += rgbOp(p.fill, false);
        if (p.stroke) out += `${rgbOp(p.stroke, true)}${num(p.lineWidth ?? 1)} w\n`;
        out += `${num(p.x)} ${num(p.y)} ${num(p.w)} ${num(p.h)} re ${p.fill && p.stroke ? 'B' : p.fill ? 'f' : 'S'}\n`;
        break;
      case 'circle':
        out += rgbOp(p.fill, false) + circlePath(p.cx, p.cy, p.r);
        break;
      case 'line':
        out += `q ${rgbOp(p.stroke, true)}${num(p.lineWidth)} w `;
        if (p.round) out += '1 J ';
        if (p.dash) out += `[${num(p.dash[0])} ${num(p.dash[1])}] ${num(p.dashPhase ?? 0)} d `;
        out += `${num(p.x1)} ${num(p.y1)} m ${num(p.x2)} ${num(p.y2)} l S Q\n`;
        break;
      case 'path': {
        out += `${rgbOp(p.stroke, true)}${num(p.lineWidth)} w\n`;
        for (const c of p.d) {
          if (c.op === 'M') out += `${num(c.x)} ${num(c.y)} m `;
          else if (c.op === 'L') out += `${num(c.x)} ${num(c.y)} l `;
          else if (c.op === 'C') {
            out += `${num(c.x1)} ${num(c.y1)} ${num(c.x2)} ${num(c.y2)} ${num(c.x)} ${num(c.y)} c `;
          } else out += 'h ';
        }
        out += 'S\n';
        break;
      }
      case 'text': {
        const text = toWinAnsiText(p.text);
        const width = p.anchor === 'middle' ? textWidth(text, p.font, p.size) : 0;
        const rad = ((p.rotate ?? 0) * Math.PI) / 180;
        const cos = Math.cos(rad);
        const sin = Math.sin(rad);
        const tx = p.x - (width / 2) * cos;
        const ty = p.y - (width / 2) * sin;
        out += 'q\n';
        if (p.opacity !== undefined && p.opacity < 1) out += `/${gsRes(p.opacity)} gs\n`;
        out += `${rgbOp(p.fill, false)}BT /${fontRes(p.font)} ${num(p.size)} Tf `;
        out += `${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(tx)} ${num(ty)} Tm `;
        out += `${pdfLiteral(text)} Tj ET\nQ\n`;
        break;
      }
      case 'modules': {
        out += rgbOp(p.fill, false);
        const m = p.moduleSize;
        for (const [r, c, len] of moduleRuns(p.size, p.dark)) {
          const x = p.x + c * m;
          const y = p.y + (p.size - 1 - r) * m;
          out += `${num(x)} ${num(y)} ${num(len * m)} ${num(m)} re\n`;
        }
        out += 'f\n';
        break;
      }
    }
  }
  return { content: out, fonts, opacities };
}
