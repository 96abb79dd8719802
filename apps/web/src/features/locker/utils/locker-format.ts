/** Sizes as spec §9 shows them: MB = bytes / 1e6, KB = bytes / 1e3. */
export const formatBytes = (bytes: number, language: string): string => {
  const locale = language === 'id' ? 'id-ID' : 'en-US';
  const fmt = (value: number, digits: number) =>
    value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (bytes >= 1e6) return `${fmt(bytes / 1e6, 1)} MB`;
  if (bytes >= 1e3) return `${fmt(bytes / 1e3, 1)} KB`;
  return `${fmt(bytes, 0)} B`;
};

/** The gauge's numbers: "312.4 MB" (KB under 1 MB) of "1,000" MB (spec §9). */
export const gaugeNumbers = (used: number, max: number, language: string) => {
  const locale = language === 'id' ? 'id-ID' : 'en-US';
  return {
    used: formatBytes(used, language),
    max: (max / 1e6).toLocaleString(locale, { maximumFractionDigits: 0 }),
    percent: max > 0 ? Math.min(100, (used / max) * 100) : 0,
  };
};

/** A short kind for the type column and sorting by type. */
export const kindOf = (mime: string | null, type: 'folder' | 'file'): string => {
  if (type === 'folder') return 'folder';
  if (!mime) return 'file';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('text/')) return 'text';
  if (/word|opendocument\.text|rtf/.test(mime)) return 'document';
  if (/sheet|excel|spreadsheet/.test(mime)) return 'spreadsheet';
  if (/presentation|powerpoint/.test(mime)) return 'presentation';
  return 'file';
};
