import { DOCUMENT_ENDPOINTS, endpointPath } from '@bubuh/contracts';
import { describe, expect, it } from 'vitest';
import { downloadTargetOf, fileNameFromDisposition, stampedFileName } from './download-rules';

const DOWNLOAD_7 = endpointPath(DOCUMENT_ENDPOINTS.download, { id: 7 });

const base = {
  document_id: 7,
  document_file: 'Kontrak Sewa.pdf',
  status: 'nostamp' as const,
  signing_method: null,
  serial_number_id: null,
  psre_id: null,
  psre_path: null,
  file_path: '/UNSIGNED/7.pdf?token=abc',
};

describe('download rules (spec §4)', () => {
  it('downloads a stamped document through the authenticated single-stamp download', () => {
    expect(
      downloadTargetOf({
        ...base,
        status: 'stamp',
        serial_number_id: 3,
        signing_method: 'emeterai',
        file_path: DOWNLOAD_7,
      }),
    ).toEqual({
      kind: 'authenticated',
      url: DOWNLOAD_7,
      fileName: 'Kontrak Sewa_stamped.pdf',
    });
  });

  it('without a signing method, a serial downloads only when the status is stamp', () => {
    expect(downloadTargetOf({ ...base, serial_number_id: 3, status: 'stamp' }).kind).toBe(
      'authenticated',
    );
    expect(downloadTargetOf({ ...base, serial_number_id: 3 }).kind).toBe('none');
    expect(
      downloadTargetOf({ ...base, serial_number_id: 3, psre_id: 'p1', psre_path: '/psre/1.pdf' }),
    ).toEqual({ kind: 'link', url: '/psre/1.pdf' });
  });

  it('with a signing method, a serial always uses the authenticated download', () => {
    expect(
      downloadTargetOf({ ...base, serial_number_id: 3, signing_method: 'esign-emeterai' }).kind,
    ).toBe('authenticated');
  });

  it('opens the PSrE path, else the short-lived unsigned link in a new tab', () => {
    expect(downloadTargetOf({ ...base, psre_id: 'p1', psre_path: '/psre/1.pdf' })).toEqual({
      kind: 'link',
      url: '/psre/1.pdf',
    });
    expect(downloadTargetOf(base)).toEqual({ kind: 'link', url: '/UNSIGNED/7.pdf?token=abc' });
    expect(downloadTargetOf({ ...base, signing_method: 'esign' })).toEqual({
      kind: 'link',
      url: '/UNSIGNED/7.pdf?token=abc',
    });
    expect(downloadTargetOf({ ...base, file_path: '' }).kind).toBe('none');
  });

  it('names files like the server does', () => {
    expect(stampedFileName('a.PDF')).toBe('a_stamped.pdf');
    expect(stampedFileName('.pdf')).toBe('document_stamped.pdf');
    expect(
      fileNameFromDisposition(
        `attachment; filename="Kontrak Sewa_stamped.pdf"; filename*=UTF-8''Kontrak%20Sewa_stamped.pdf`,
        'x.pdf',
      ),
    ).toBe('Kontrak Sewa_stamped.pdf');
    expect(fileNameFromDisposition('attachment; filename="b.pdf"', 'x.pdf')).toBe('b.pdf');
    expect(fileNameFromDisposition(null, 'x.pdf')).toBe('x.pdf');
  });
});
