import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { PdfError } from '../src/errors.ts';
import {
  createSpecimenStampAppearance,
  createTextSpecimenAppearance,
  renderSpecimenStampSvg,
  specimenQrPayload,
} from '../src/specimen.ts';

const SN = '9JLYAPFMOU0HJ18Z0009M9';

describe('SPESIMEN e-Meterai stamp', () => {
  it('is a vector appearance using only standard-14 fonts', () => {
    const ap = createSpecimenStampAppearance(SN, 'https://bubuh.local/verify');
    expect(ap.kind).toBe('vector');
    expect(ap.width).toBe(100);
    expect(ap.height).toBe(100);
    expect(Object.values(ap.fonts).sort()).toEqual(['Courier-Bold', 'Helvetica', 'Helvetica-Bold']);
    for (const text of [
      '(METERAI)',
      '(ELEKTRONIK)',
      '(10000)',
      '(SEPULUH RIBU)',
      '(RUPIAH)',
      '(SPESIMEN)',
      `(${SN})`,
    ]) {
      expect(ap.content).toContain(text);
    }
    // QR modules are drawn as filled rectangles, no images
    expect(ap.content).not.toContain(' Do');
    expect((ap.content.match(/ re\n/g) ?? []).length).toBeGreaterThan(100);
    // plain data: survives structured cloning
    expect(structuredClone(ap)).toEqual(ap);
  });

  it('draws exactly the dark modules of the QR code of the serial + URL', () => {
    const ap = createSpecimenStampAppearance(SN, 'https://bubuh.local/verify');
    const qr = QRCode.create(specimenQrPayload(SN, 'https://bubuh.local/verify'), {
      errorCorrectionLevel: 'M',
    });
    const n = qr.modules.size;
    const dark = Array.from(qr.modules.data).filter((v) => v === 1).length;
    const block = ap.content.split('0.16 0.02 0.09 rg\n')[1]?.split('f\n')[0] ?? '';
    let covered = 0;
    for (const line of block.trim().split('\n')) {
      const [, , w, h] = line.split(' ').map(Number);
      covered += Math.round(((w ?? 0) * (h ?? 0)) / (43 / (n + 2)) ** 2);
    }
    expect(covered).toBe(dark);
  });

  it('puts the serial in the QR payload', () => {
    expect(specimenQrPayload(SN, 'https://x.id/v')).toBe(`https://x.id/v?sn=${SN}`);
    expect(specimenQrPayload(SN, 'https://x.id/v?a=1')).toBe(`https://x.id/v?a=1&sn=${SN}`);
    expect(specimenQrPayload(SN, 'https://x.id/v/{serial}')).toBe(`https://x.id/v/${SN}`);
  });

  it('renders the same design as SVG for previews', () => {
    const svg = renderSpecimenStampSvg(SN, 'https://bubuh.local/verify', { size: 200 });
    expect(
      svg.startsWith(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="200" height="200">',
      ),
    ).toBe(true);
    for (const text of [
      'METERAI',
      'ELEKTRONIK',
      '10000',
      'SEPULUH RIBU',
      'RUPIAH',
      'SPESIMEN',
      SN,
    ]) {
      expect(svg).toContain(`>${text}</text>`);
    }
    expect(svg).toContain('shape-rendering="crispEdges"');
  });

  it('rejects serials that are not [A-Z0-9]{22}', () => {
    for (const bad of ['', 'abc', `${SN}X`, SN.toLowerCase(), '9JLYAPFMOU0HJ18Z0009M-']) {
      expect(() => createSpecimenStampAppearance(bad, 'https://x')).toThrow(PdfError);
      try {
        renderSpecimenStampSvg(bad, 'https://x');
      } catch (error) {
        expect((error as PdfError).code).toBe('INVALID_SERIAL');
      }
    }
  });
});

describe('typed-name specimen', () => {
  it('fits the name into the box and encodes non-Latin-1 text safely', () => {
    const ap = createTextSpecimenAppearance('Dewi Ayu Łukasiewicz (Direktur)', 150, 50, {
      date: new Date('2026-01-02T03:04:00Z'),
    });
    expect(ap.width).toBe(150);
    expect(ap.content).toContain('(Dewi Ayu Lukasiewicz \\(Direktur\\))');
    expect(ap.content).toContain('2026-01-02 10:04');
    expect(Object.values(ap.fonts)).toContain('Helvetica-Oblique');
  });
});
