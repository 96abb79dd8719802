/**
 * Copies text, using the async Clipboard API where the page is a secure context and a hidden
 * textarea otherwise (a plain-HTTP deployment has no `navigator.clipboard`). Rejects on failure.
 */
export const copyText = async (text: string): Promise<void> => {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission denied or not focused: fall through to the legacy path.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // execCommand is deprecated but is the only copy path outside secure contexts.
    const ok = document.execCommand('copy');
    if (!ok) throw new Error('Copy command was refused');
  } finally {
    area.remove();
  }
};
