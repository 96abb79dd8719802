import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { attachmentProblem } from './attachment-rules';

const t = ((key: string, values?: Record<string, unknown>) =>
  `${key}${values ? JSON.stringify(values) : ''}`) as unknown as TFunction;
const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('attachmentProblem', () => {
  it('accepts up to five PDFs and images', () => {
    expect(
      attachmentProblem([file('a.pdf', 'application/pdf'), file('b.png', 'image/png')], t),
    ).toBeNull();
  });

  it('names the file of a wrong type or too large, and refuses a sixth file', () => {
    expect(attachmentProblem([file('run.exe', 'application/x-msdownload')], t)).toContain(
      'run.exe',
    );
    expect(attachmentProblem([file('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)], t)).toContain(
      'support.form.tooLarge',
    );
    const six = Array.from({ length: 6 }, (_, i) => file(`p${i}.png`, 'image/png'));
    expect(attachmentProblem(six, t)).toContain('support.form.tooMany');
  });
});
