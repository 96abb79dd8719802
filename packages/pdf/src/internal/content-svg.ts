/**
 * The drawing model of `content.ts` rendered as SVG (y flipped to SVG's top-left origin), for the
 * web preview of the same stamp that is signed into the PDF.
 */
import type { Drawing, Rgb } from './content.ts';
import { moduleRuns, num } from './content.ts';

function svgColor(c: Rgb): string {
  const h = (v: number) =>
    Math.round(Math.max(0, Math.min(1, v)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${h(c[0])}${h(c[1])}${h(c[2])}`;
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const SVG_FONT: Record<string, { family: string; weight: string; style: string }> = {
  Helvetica: { family: 'Helvetica, Arial, sans-serif', weight: 'normal', style: 'normal' },
  'Helvetica-Bold': { family: 'Helvetica, Arial, sans-serif', weight: 'bold', style: 'normal' },
  'Helvetica-Oblique': {
    family: 'Helvetica, Arial, sans-serif',
    weight: 'normal',
    style: 'italic',
  },
  Courier: { family: "'Courier New', Courier, monospace", weight: 'normal', style: 'normal' },
  'Courier-Bold': { family: "'Courier New', Courier, monospace", weight: 'bold', style: 'normal' },
};

/** Render a drawing as a standalone SVG document (y flipped to SVG's top-left origin). */
export function drawingToSvg(drawing: Drawing, pixelSize?: number): string {
  const H = drawing.height;
  const fy = (y: number) => num(H - y);
  const parts: string[] = [];
  for (const p of drawing.items) {
    switch (p.t) {
      case 'rect': {
        const fill = p.fill ? svgColor(p.fill) : 'none';
        const stroke = p.stroke
          ? ` stroke="${svgColor(p.stroke)}" stroke-width="${num(p.lineWidth ?? 1)}"`
          : '';
        parts.push(
          `<rect x="${num(p.x)}" y="${fy(p.y + p.h)}" width="${num(p.w)}" height="${num(p.h)}" fill="${fill}"${stroke}/>`,
        );
        break;
      }
      case 'circle':
        parts.push(
          `<circle cx="${num(p.cx)}" cy="${fy(p.cy)}" r="${num(p.r)}" fill="${svgColor(p.fill)}"/>`,
        );
        break;
      case 'line': {
        const dash = p.dash
          ? ` stroke-dasharray="${num(p.dash[0])} ${num(p.dash[1])}" stroke-dashoffset="${num(p.dashPhase ?? 0)}"`
          : '';
        const cap = p.round ? ' stroke-linecap="round"' : '';
        parts.push(
          `<line x1="${num(p.x1)}" y1="${fy(p.y1)}" x2="${num(p.x2)}" y2="${fy(p.y2)}" stroke="${svgColor(p.stroke)}" stroke-width="${num(p.lineWidth)}"${dash}${cap}/>`,
        );
        break;
      }
      case 'path': {
        const d = p.d
          .map((c) => {
            if (c.op === 'M') return `M${num(c.x)} ${fy(c.y)}`;
            if (c.op === 'L') return `L${num(c.x)} ${fy(c.y)}`;
            if (c.op === 'C') {
              return `C${num(c.x1)} ${fy(c.y1)} ${num(c.x2)} ${fy(c.y2)} ${num(c.x)} ${fy(c.y)}`;
            }
            return 'Z';
          })
          .join(' ');
        parts.push(
          `<path d="${d}" fill="none" stroke="${svgColor(p.stroke)}" stroke-width="${num(p.lineWidth)}"/>`,
        );
        break;
      }
      case 'text': {
        const f = SVG_FONT[p.font] ?? { family: 'sans-serif', weight: 'normal', style: 'normal' };
        const rot = p.rotate ? ` transform="rotate(${num(-p.rotate)} ${num(p.x)} ${fy(p.y)})"` : '';
        const op =
          p.opacity !== undefined && p.opacity < 1 ? ` fill-opacity="${num(p.opacity)}"` : '';
        parts.push(
          `<text x="${num(p.x)}" y="${fy(p.y)}" font-family="${f.family}" font-weight="${f.weight}" font-style="${f.style}" font-size="${num(p.size)}" fill="${svgColor(p.fill)}"${op} text-anchor="${p.anchor === 'middle' ? 'middle' : 'start'}"${rot}>${escapeXml(p.text)}</text>`,
        );
        break;
      }
      case 'modules': {
        const m = p.moduleSize;
        const d = moduleRuns(p.size, p.dark)
          .map(([r, c, len]) => {
            const x = p.x + c * m;
            const yTop = p.y + (p.size - r) * m; // top edge in PDF coords
            return `M${num(x)} ${fy(yTop)}h${num(len * m)}v${num(m)}h${num(-len * m)}z`;
          })
          .join('');
        parts.push(`<path d="${d}" fill="${svgColor(p.fill)}" shape-rendering="crispEdges"/>`);
        break;
      }
    }
  }
  const size = pixelSize
    ? ` width="${num(pixelSize)}" height="${num((pixelSize * drawing.height) / drawing.width)}"`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(drawing.width)} ${num(drawing.height)}"${size}>${parts.join('')}</svg>`;
}
