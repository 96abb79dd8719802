/**
 * A small, bounded PDF object parser used before any untrusted byte reaches @libpdf/core:
 * by the input guard (nesting depth, object counts, stream sizes) and by the revision analysis
 * of the verifier (cross-reference sections of incremental updates).
 *
 * It never recurses deeper than `maxDepth` and never allocates more than the input it reads.
 */

export type PName = { kind: 'name'; value: string };
export type PString = { kind: 'string'; value: Uint8Array };
export type PRef = { kind: 'ref'; num: number; gen: number };
export type PDict = { kind: 'dict'; map: Map<string, PValue> };
export type PKeyword = { kind: 'keyword'; value: string };
export type PValue = null | boolean | number | PName | PString | PRef | PValue[] | PDict | PKeyword;

export class DepthError extends Error {
  constructor(depth: number) {
    super(`objects nested deeper than ${depth} levels`);
    this.name = 'DepthError';
  }
}

export class PdfSyntaxError extends Error {
  constructor(message: string, offset: number) {
    super(`${message} at offset ${offset}`);
    this.name = 'PdfSyntaxError';
  }
}

export function isWhite(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}

export function isDelimiter(c: number): boolean {
  return (
    c === 0x28 || // (
    c === 0x29 || // )
    c === 0x3c || // <
    c === 0x3e || // >
    c === 0x5b || // [
    c === 0x5d || // ]
    c === 0x7b || // {
    c === 0x7d || // }
    c === 0x2f || // /
    c === 0x25 // %
  );
}

function isRegular(c: number): boolean {
  return c >= 0 && !isWhite(c) && !isDelimiter(c);
}

export class Lexer {
  pos: number;
  readonly buf: Uint8Array;
  readonly end: number;
  readonly maxDepth: number;

  constructor(buf: Uint8Array, pos = 0, maxDepth = 100, end = buf.length) {
    this.buf = buf;
    this.pos = pos;
    this.end = end;
    this.maxDepth = maxDepth;
  }

  peek(): number {
    return this.pos < this.end ? (this.buf[this.pos] ?? -1) : -1;
  }

  skipWhite(): void {
    const { buf, end } = this;
    let p = this.pos;
    while (p < end) {
      const c = buf[p] ?? 0;
      if (isWhite(c)) {
        p++;
      } else if (c === 0x25) {
        // comment to end of line
        while (p < end && buf[p] !== 0x0a && buf[p] !== 0x0d) p++;
      } else {
        break;
      }
    }
    this.pos = p;
  }

  /** Read a regular-character token (number, keyword) without interpretation. */
  readRegular(): string {
    const start = this.pos;
    while (this.pos < this.end && isRegular(this.buf[this.pos] ?? -1)) this.pos++;
    let s = '';
    for (let i = start; i < this.pos; i++) s += String.fromCharCode(this.buf[i] ?? 0);
    return s;
  }

  /** Try to read an unsigned integer at the current position (after whitespace). */
  tryInteger(): number | undefined {
    this.skipWhite();
    const start = this.pos;
    let n = 0;
    let digits = 0;
    while (this.pos < this.end) {
      const c = this.buf[this.pos] ?? 0;
      if (c < 0x30 || c > 0x39) break;
      n = n * 10 + (c - 0x30);
      digits++;
      this.pos++;
    }
    if (digits === 0 || (this.pos < this.end && isRegular(this.peek()))) {
      this.pos = start;
      return undefined;
    }
    return n;
  }

  parse(depth = 0): PValue {
    this.skipWhite();
    const c = this.peek();
    if (c < 0) throw new PdfSyntaxError('unexpected end of data', this.pos);
    if (c === 0x2f) return this.parseName();
    if (c === 0x28) return this.parseLiteralString();
    if (c === 0x5b) {
      if (depth >= this.maxDepth) throw new DepthError(this.maxDepth);
      this.pos++;
      const items: PValue[] = [];
      for (;;) {
        this.skipWhite();
        const d = this.peek();
        if (d < 0) throw new PdfSyntaxError('unterminated array', this.pos);
        if (d === 0x5d) {
          this.pos++;
          return items;
        }
        items.push(this.parseWithRef(depth + 1));
      }
    }
    if (c === 0x3c) {
      if (this.buf[this.pos + 1] === 0x3c) {
        if (depth >= this.maxDepth) throw new DepthError(this.maxDepth);
        this.pos += 2;
        const map = new Map<string, PValue>();
        for (;;) {
          this.skipWhite();
          const d = this.peek();
          if (d < 0) throw new PdfSyntaxError('unterminated dictionary', this.pos);
          if (d === 0x3e) {
            if (this.buf[this.pos + 1] !== 0x3e)
              throw new PdfSyntaxError('bad dictionary end', this.pos);
            this.pos += 2;
            return { kind: 'dict', map };
          }
          if (d !== 0x2f) {
            // lenient: skip a stray token
            const junk = this.parse(depth + 1);
            if (junk === null) continue;
            continue;
          }
          const key = this.parseName().value;
          this.skipWhite();
          const next = this.peek();
          if (next === 0x3e) {
            map.set(key, null);
            continue;
          }
          map.set(key, this.parseWithRef(depth + 1));
        }
      }
      return this.parseHexString();
    }
    if (c === 0x5d || c === 0x3e || c === 0x29 || c === 0x7b || c === 0x7d) {
      this.pos++;
      return { kind: 'keyword', value: String.fromCharCode(c) };
    }
    const token = this.readRegular();
    if (token === '') {
      this.pos++;
      return null;
    }
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    const n = Number(token);
    if (!Number.isNaN(n) && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) return n;
    return { kind: 'keyword', value: token };
  }

  /** Parse a value; an integer followed by `int R` becomes a reference. */
  parseWithRef(depth: number): PValue {
    const v = this.parse(depth);
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) {
      const save = this.pos;
      const gen = this.tryInteger();
      if (gen !== undefined) {
        this.skipWhite();
        if (this.peek() === 0x52 /* R */ && !isRegular(this.buf[this.pos + 1] ?? -1)) {
          this.pos++;
          return { kind: 'ref', num: v, gen };
        }
      }
      this.pos = save;
    }
    return v;
  }

  parseName(): PName {
    this.pos++; // '/'
    let s = '';
    while (this.pos < this.end) {
      const c = this.buf[this.pos] ?? 0;
      if (!isRegular(c)) break;
      if (c === 0x23 && this.pos + 2 < this.end) {
        const hex = String.fromCharCode(this.buf[this.pos + 1] ?? 0, this.buf[this.pos + 2] ?? 0);
        const code = Number.parseInt(hex, 16);
        if (!Number.isNaN(code)) {
          s += String.fromCharCode(code);
          this.pos += 3;
          continue;
        }
      }
      s += String.fromCharCode(c);
      this.pos++;
    }
    return { kind: 'name', value: s };
  }

  parseLiteralString(): PString {
    this.pos++; // '('
    const out: number[] = [];
    let nesting = 1;
    const { buf, end } = this;
    while (this.pos < end) {
      const c = buf[this.pos++] ?? 0;
      if (c === 0x5c) {
        const e = buf[this.pos++] ?? 0;
        if (e === 0x6e) out.push(0x0a);
        else if (e === 0x72) out.push(0x0d);
        else if (e === 0x74) out.push(0x09);
        else if (e === 0x62) out.push(0x08);
        else if (e === 0x66) out.push(0x0c);
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let k = 0; k < 2; k++) {
            const d = buf[this.pos] ?? 0;
            if (d < 0x30 || d > 0x37) break;
            v = v * 8 + (d - 0x30);
            this.pos++;
          }
          out.push(v & 0xff);
        } else if (e === 0x0d) {
          if (buf[this.pos] === 0x0a) this.pos++;
        } else if (e !== 0x0a) out.push(e);
        continue;
      }
      if (c === 0x28) nesting++;
      else if (c === 0x29) {
        nesting--;
        if (nesting === 0) return { kind: 'string', value: Uint8Array.from(out) };
      }
      out.push(c);
    }
    throw new PdfSyntaxError('unterminated string', this.pos);
  }

  parseHexString(): PString {
    this.pos++; // '<'
    const out: number[] = [];
    let hi = -1;
    while (this.pos < this.end) {
      const c = this.buf[this.pos++] ?? 0;
      if (c === 0x3e) {
        if (hi >= 0) out.push(hi << 4);
        return { kind: 'string', value: Uint8Array.from(out) };
      }
      let v = -1;
      if (c >= 0x30 && c <= 0x39) v = c - 0x30;
      else if (c >= 0x41 && c <= 0x46) v = c - 0x37;
      else if (c >= 0x61 && c <= 0x66) v = c - 0x57;
      if (v < 0) continue;
      if (hi < 0) hi = v;
      else {
        out.push((hi << 4) | v);
        hi = -1;
      }
    }
    throw new PdfSyntaxError('unterminated hex string', this.pos);
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers on parsed values

export function isDict(v: PValue | undefined): v is PDict {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'dict';
}

export function isName(v: PValue | undefined, name?: string): v is PName {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    v.kind === 'name' &&
    (name === undefined || v.value === name)
  );
}

export function dictNumber(d: PDict, key: string): number | undefined {
  const v = d.map.get(key);
  return typeof v === 'number' ? v : undefined;
}

export function dictName(d: PDict, key: string): string | undefined {
  const v = d.map.get(key);
  return isName(v) ? v.value : undefined;
}

export function filterNames(d: PDict): string[] {
  const f = d.map.get('Filter');
  if (isName(f)) return [f.value];
  if (Array.isArray(f)) return f.filter((x): x is PName => isName(x)).map((x) => x.value);
  return [];
}

/** Find `needle` (ASCII) in `buf` from `from`, backed by Buffer#indexOf (native). */
export function indexOfAscii(buf: Uint8Array, needle: string, from = 0): number {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).indexOf(needle, from, 'latin1');
}

export function lastIndexOfAscii(buf: Uint8Array, needle: string, from?: number): number {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  return from === undefined
    ? b.lastIndexOf(needle, undefined, 'latin1')
    : b.lastIndexOf(needle, from, 'latin1');
}
