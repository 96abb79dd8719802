import { z } from 'zod';

/**
 * The one rule for names that users give and that become file names or are shown as one: locker
 * folders and files, uploaded documents, batches, templates, ZIP entries, downloads. A name typed
 * in a form is refused with the reason (`fileNameProblem`, `shownNameProblem`); a name that comes
 * with a file (an upload, a ZIP entry, a download of an older row) is cleaned (`cleanFileName`).
 */

/** The longest file name, in UTF-16 units as zod and JavaScript count them (columns: varchar(255)). */
export const NAME_MAX = 255;

/** C0 and C1 controls, DEL, and the line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, the
 * marks U+200E, U+200F, U+061C): they change the order a name is shown in, so that
 * "\u202Egnp.exe.pdf" reads as "fdp.exe.png" and hides its real extension.
 */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const SLASH = /[/\\]/;
/** Names Windows keeps for devices, with or without an extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Why `name` cannot be shown as a name (a template's; file names: `fileNameProblem`), or null. */
export const shownNameProblem = (name: string): string | null => {
  if (CONTROL.test(name)) return 'must not contain control characters such as tabs or line breaks';
  if (BIDI.test(name)) return 'must not contain characters that change the text direction';
  return null;
};

/** Why the characters of `name` cannot make a file or folder name (its length aside), or null. */
const fileCharactersProblem = (name: string): string | null => {
  if (name === '.' || name === '..') return 'must not be . or ..';
  if (SLASH.test(name)) return 'must not contain a slash or backslash';
  const shown = shownNameProblem(name);
  if (shown) return shown;
  if (RESERVED.test(name))
    return 'is a device name Windows reserves (CON, PRN, AUX, NUL, COM1, LPT1 …)';
  return null;
};

/** Why `name` (trimmed) cannot be a file or folder name, or null. */
export const fileNameProblem = (name: string): string | null => {
  if (name === '') return 'must not be empty';
  if (name.length > NAME_MAX) return `must be at most ${NAME_MAX} characters`;
  return fileCharactersProblem(name);
};

/** A trimmed name of `min`..`max` characters whose characters `problem` accepts. */
const ZNameWith = (problem: (name: string) => string | null, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .superRefine((name, ctx) => {
      const message = problem(name);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/**
 * A file or folder name typed by a user, or a name that becomes one (a batch's: its locker folder
 * and ZIP): refused with the reason.
 */
export const ZFileName = (min = 1, max = NAME_MAX) => ZNameWith(fileCharactersProblem, min, max);

/** A name that is only shown (a template's): no control or text-direction characters. */
export const ZShownName = (min: number, max: number) => ZNameWith(shownNameProblem, min, max);

/** `text` cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair. */
export const cutName = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const end = max > 0 && /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, Math.max(0, end));
};

/** An extension kept apart from the stem: a dot and 1–15 characters, no dot or space among them. */
const EXTENSION = /\.[^.\s]{1,15}$/;
/** The extension of a file name ("" for none; a leading dot starts a name, not an extension). */
const extensionOf = (name: string) => EXTENSION.exec(name.slice(1))?.[0] ?? '';
/** Room kept for the number of a copy: " (1234567)". */
const NUMBER_ROOM = 10;

/**
 * A name's stem and extension as numbered copies keep them ("report", ".pdf"; a folder has no
 * extension): the stem cut so that the stem, " (n)" and the extension stay within NAME_MAX.
 */
export const numberedNameParts = (name: string, kind: 'folder' | 'file') => {
  const ext = kind === 'file' ? extensionOf(name) : '';
  const stem = name.slice(0, name.length - ext.length);
  return { stem: cutName(stem, NAME_MAX - NUMBER_ROOM - ext.length), ext };
};

/** The `n`th numbered copy of `name`: "report (2).pdf", within NAME_MAX. */
export const numberedName = (name: string, n: number, kind: 'folder' | 'file') => {
  const { stem, ext } = numberedNameParts(name, kind);
  return `${stem} (${n})${ext}`;
};

/** `name` within `max` characters: the stem is cut, the extension kept. */
export const fitFileName = (name: string, max = NAME_MAX): string => {
  if (name.length <= max) return name;
  const ext = extensionOf(name);
  if (ext.length >= max) return cutName(name, max);
  return `${cutName(name.slice(0, name.length - ext.length), max - ext.length)}${ext}`;
};

/** What `cleanFileName` replaces: slashes, control and text-direction characters. */
const REFUSED_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/g;

/**
 * A name that came with a file (an upload, a ZIP entry, an older row), as it can be stored, shown
 * and downloaded: slashes, control and text-direction characters become `_`, a device name gets
 * a leading `_`, and a long name is cut to `max` with its extension kept; `.`, `..` or nothing
 * is `fallback`.
 */
export const cleanFileName = (name: string, fallback: string, max = NAME_MAX): string => {
  const cleaned = name.replace(REFUSED_CHARACTERS, '_').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return fallback;
  return fitFileName(RESERVED.test(cleaned) ? `_${cleaned}` : cleaned, max);
};
