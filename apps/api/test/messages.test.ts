import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf, localizeMessage, translateToIndonesian } from '../src/lib/messages.ts';
import { bearer, createVerifiedUser, login } from './auth-helpers.ts';
import { createTestContext, type TTestContext } from './helpers.ts';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });

/** The text of one argument list starting after `(`: top-level arguments as source text. */
const argumentsAt = (text: string, start: number): string[] => {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (let i = start; i < text.length; i += 1) {
    const c = text[i] ?? '';
    if (quote) {
      current += c;
      if (c === '\\') {
        current += text[i + 1] ?? '';
        i += 1;
      } else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth += 1;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) {
        args.push(current.trim());
        return args;
      }
      depth -= 1;
    } else if (c === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  return args;
};

/**
 * Every string or template literal in an expression, as a sample message: `${…}` becomes the
 * first quoted word inside it (a ternary's first branch) or the number 7.
 */
const literalsOf = (expression: string): string[] =>
  [...expression.matchAll(/'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)].map((m) => {
    if (m[1] !== undefined) return m[1];
    return (m[2] ?? '').replace(/\$\{([^}]*)\}/g, (_, inner: string) => {
      const word = /'([^']*)'/.exec(inner);
      return word?.[1] ?? '7';
    });
  });

/** Every message the API can answer with, collected from the source. */
const thrownMessages = (): { file: string; message: string }[] => {
  const found: { file: string; message: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const short = file.slice(SRC.length + 1);
    for (const match of text.matchAll(/new AppError\(/g)) {
      const [, message] = argumentsAt(text, (match.index ?? 0) + match[0].length);
      for (const literal of literalsOf(message ?? ''))
        found.push({ file: short, message: literal });
    }
    for (const match of text.matchAll(/AppError\.(forbidden|notFound)\(/g)) {
      const [argument] = argumentsAt(text, (match.index ?? 0) + match[0].length);
      for (const literal of literalsOf(argument ?? '')) {
        found.push({
          file: short,
          message: match[1] === 'notFound' ? `${literal} not found` : literal,
        });
      }
    }
    // Messages handed to the ledger, or built in a service before the throw.
    const built = short.startsWith('modules/') ? /const message =[^;]*/g : null;
    for (const pattern of [/insufficientMessage:\s*'(?:[^'\\]|\\.)*'/g, built]) {
      for (const match of pattern ? text.matchAll(pattern) : []) {
        for (const literal of literalsOf(match[0])) found.push({ file: short, message: literal });
      }
    }
    // Message tables: Fastify's errors in the error handler, the PDF engine's error codes.
    const table =
      short === join('plugins', 'error-handler.ts')
        ? /message: '((?:[^'\\]|\\.)*)'/g
        : short === join('pdf', 'pdf-engine.ts')
          ? /^\s+[A-Z_]+: '((?:[^'\\]|\\.)*)',$/gm
          : null;
    for (const match of table ? text.matchAll(table) : []) {
      found.push({ file: short, message: match[1] ?? '' });
    }
  }
  return found;
};

describe('messages in Indonesian', () => {
  it('has an Indonesian text for every message thrown in src/', () => {
    const messages = thrownMessages();
    // The scan itself works: it finds the known messages of several modules.
    expect(messages.length).toBeGreaterThan(60);
    expect(messages.map((m) => m.message)).toEqual(
      expect.arrayContaining([
        'Wrong e-mail or password',
        'Departemen masih memiliki user',
        'Document not found',
        'Wrong code. 7 try left.',
        'Kuota departemen tidak mencukupi',
        'Request body is not valid JSON',
        'The PDF is password protected; remove the password and upload it again',
      ]),
    );
    const missing = messages.filter(({ message }) => translateToIndonesian(message) === null);
    expect(missing).toEqual([]);
  });

  it('reads the first language of Accept-Language', () => {
    expect(languageOf('id-ID,id;q=0.9,en;q=0.8')).toBe('id');
    expect(languageOf('id')).toBe('id');
    expect(languageOf('en-US,en;q=0.9,id;q=0.8')).toBe('en');
    expect(languageOf('idx')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('fills the values of a message into its Indonesian text', () => {
    expect(localizeMessage('Wrong code. 2 tries left.', 'id')).toBe(
      'Kode salah. Sisa 2 percobaan.',
    );
    expect(localizeMessage('Document not found', 'id')).toBe('Dokumen tidak ditemukan');
    expect(localizeMessage('Document not found', 'en')).toBe('Document not found');
    expect(localizeMessage('Something new', 'id')).toBe('Something new');
  });
});

describe('error answers follow Accept-Language', () => {
  let ctx: TTestContext;
  let email: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    email = await createVerifiedUser(ctx);
  });
  afterAll(() => ctx.close());

  const wrongLogin = (language?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: language ? { 'accept-language': language } : {},
      payload: { email, password: 'not-the-password' },
    });

  it('answers a wrong password in Indonesian for an Indonesian browser, English otherwise', async () => {
    const indonesian = await wrongLogin('id-ID,id;q=0.9');
    expect(indonesian.statusCode).toBe(401);
    expect(indonesian.json()).toMatchObject({
      message: 'Email atau kata sandi salah',
      errors: { status: 'UNAUTHENTICATED' },
    });
    const english = await wrongLogin('en-US');
    expect(english.json()).toMatchObject({ message: 'Wrong e-mail or password' });
    const none = await wrongLogin();
    expect(none.json()).toMatchObject({ message: 'Wrong e-mail or password' });
  });

  it('translates a not-found answer and framework errors too', async () => {
    const session = await login(ctx, email);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/single-stamp/get-document-details/999999',
      headers: { ...bearer(session), 'accept-language': 'id' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Dokumen tidak ditemukan' });

    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'id' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ message: 'Isi permintaan bukan JSON yang valid' });
  });
});
