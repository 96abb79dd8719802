import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Random upper-case code without look-alike characters (0/O, 1/I). */
export const randomCode = (length: number): string => {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
};

/** DigiFriend code (`emet_id`): "DF" and 8 characters, e.g. DF7K2M9QXA. */
export const newEmetId = (): string => `DF${randomCode(8)}`;
