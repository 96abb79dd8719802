/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with '. */
export const toCsv = (header: string[], rows: (string | number)[][]): string => {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
};
