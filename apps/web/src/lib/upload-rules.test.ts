import { describe, expect, it } from 'vitest';
import { MAX_PDF_BYTES, pdfFileProblem } from './upload-rules';

describe('picked files', () => {
  it('accepts PDFs up to 20 MB by type or extension', () => {
    expect(pdfFileProblem({ name: 'a.pdf', type: '', size: 10 })).toBeNull();
    expect(pdfFileProblem({ name: 'scan', type: 'application/pdf', size: 10 })).toBeNull();
    expect(pdfFileProblem({ name: 'a.PDF', type: '', size: MAX_PDF_BYTES })).toBeNull();
  });

  it('refuses other files, empty files and files over the limit', () => {
    expect(pdfFileProblem({ name: 'a.docx', type: 'application/msword', size: 10 })).toBe('type');
    expect(pdfFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
    expect(pdfFileProblem({ name: 'a.pdf', type: '', size: MAX_PDF_BYTES + 1 })).toBe('size');
  });
});
