import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

export const SPECIMEN_MAX_BYTES = 1024 * 1024;
const MAX_PIXELS = 4096 * 4096;
const MAX_WIDTH = 800;

/**
 * Turns a drawn or photographed signature into a transparent PNG: near-white paper becomes
 * transparent (with a soft edge so strokes stay smooth), the empty margin is trimmed and the
 * result is scaled down to at most 800 px wide.
 */
export const toTransparentSpecimen = async (input: Uint8Array) => {
  let raw: { data: Buffer; info: sharp.OutputInfo };
  try {
    raw = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The specimen must be a PNG or JPEG image', {
      file: 'Unreadable image',
    });
  }
  const { data, info } = raw;
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i] ?? 255;
    const g = data[i + 1] ?? 255;
    const b = data[i + 2] ?? 255;
    const light = 0.299 * r + 0.587 * g + 0.114 * b;
    // Paper (>= 235) vanishes, ink (<= 160) stays opaque, in between fades.
    const alpha = light >= 235 ? 0 : light <= 160 ? 255 : Math.round(((235 - light) / 75) * 255);
    data[i + 3] = alpha;
    if (alpha > 0) ink += 1;
  }
  if (ink < 20) {
    throw new AppError('VALIDATION_FAILED', 'The image has no visible signature', {
      file: 'Empty signature',
    });
  }
  const trimmed = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: 4 },
  })
    .png()
    .toBuffer();
  const out = await sharp(trimmed)
    .trim({ background: { r: 0, g: 0, b: 0, alpha: 0 }, threshold: 1 })
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  return { png: new Uint8Array(out.data), width: out.info.width, height: out.info.height };
};
