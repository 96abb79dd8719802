import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (m=19 MiB, t=2, p=1): slow for a guesser, fast enough for a login. */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};
