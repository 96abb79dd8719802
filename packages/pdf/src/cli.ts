/**
 * bubuh-pdf: command-line front end of the PDF engine.
 *
 *   bubuh-pdf inspect | repair | sign | stamp | verify ...   (see USAGE below)
 *
 * Without --key/--cert, sign and stamp use a local demo CA under ./data/pki (created on first use).
 * Exit codes: 0 ok, 1 bad input / failure (one line on stderr), 2 usage, 3 verify found problems.
 */
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { loadDemoPki, loadDemoUser } from './cli-pki.ts';
import { isPdfError, PdfError } from './errors.ts';
import { inspectPdf } from './inspect.ts';
import type { Credential, LocalPki } from './pki.ts';
import { localTsaCredential } from './pki.ts';
import type { PdfRect } from './place.ts';
import { repairPdf } from './repair.ts';
import { signPdf, stampMeterai } from './sign.ts';
import type { SignerCredential } from './signers.ts';
import { createSpecimenStampAppearance } from './specimen.ts';
import type { TsaInput } from './tsa.ts';
import { verifyPdf } from './verify.ts';

const USAGE = `Usage:
  bubuh-pdf inspect IN [--json]
  bubuh-pdf repair IN OUT        (rebuilds a broken cross-reference table; refuses signed files)
  bubuh-pdf sign IN OUT --page N --rect x,y,w,h --name "Signer Name" [--key key.pem --cert chain.pem]
                 [--reason R] [--location L] [--image specimen.png|jpg] [--tsa | --tsa-url URL]
  bubuh-pdf stamp IN OUT --page N --rect x,y,w,h [--serial SN] [--key key.pem --cert chain.pem]
                 [--reason R] [--location L] [--image stamp.png|jpg] [--verify-url URL]
                 [--tsa | --tsa-url URL]
  bubuh-pdf verify IN [--json] [--trust roots.pem] [--meterai-issuer emeterai.pem]

Rectangles are x,y,width,height in PDF points from the page's bottom-left corner; a page number
past the end means the last page. Without --key/--cert, sign and stamp use a local demo CA kept
in ./data/pki (created on first use); --tsa uses its local time-stamp authority (PAdES B-T).
Exit codes: 0 ok, 1 error, 2 usage error, 3 verification found invalid signatures.`;

class UsageError extends Error {}

type Out = { log: (s: string) => void; err: (s: string) => void };

/** Base directory for relative paths and ./data/pki (the process cwd unless given). */
let baseDir = process.cwd();

function at(path: string): string {
  return resolve(baseDir, path);
}

function readInput(path: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(at(path)));
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new PdfError(
      'INVALID_ARGUMENT',
      code === 'ENOENT'
        ? `cannot read ${path}: no such file`
        : `cannot read ${path}: ${code ?? 'error'}`,
    );
  }
}

function readText(path: string): string {
  return new TextDecoder().decode(readInput(path));
}

function writeOutput(path: string, bytes: Uint8Array): void {
  try {
    writeFileSync(at(path), bytes);
  } catch (error) {
    throw new PdfError(
      'INVALID_ARGUMENT',
      `cannot write ${path}: ${(error as { code?: string }).code ?? 'error'}`,
    );
  }
}

function parseRect(value: string | undefined): PdfRect {
  if (!value) throw new UsageError('--rect x,y,w,h is required');
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
    throw new UsageError('--rect must be four numbers: x,y,width,height');
  }
  const [x = 0, y = 0, width = 0, height = 0] = parts;
  return { x, y, width, height };
}

function parsePage(value: string | undefined): number {
  if (!value) throw new UsageError('--page N is required');
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError('--page must be a whole number, 1 or more');
  return n;
}

function demoPki(out: Out): Promise<LocalPki> {
  return loadDemoPki(at(join('data', 'pki')), out.err);
}

function demoUser(pki: LocalPki, name: string): Promise<Credential> {
  return loadDemoUser(at(join('data', 'pki', 'users')), pki, name);
}

function explicitCredential(
  key: string | undefined,
  cert: string | undefined,
): SignerCredential | undefined {
  if (!key && !cert) return undefined;
  if (!key || !cert) throw new UsageError('--key and --cert must be given together');
  return { privateKeyPem: readText(key), certificatePem: readText(cert) };
}

async function tsaFrom(
  values: { tsa?: boolean | undefined; 'tsa-url'?: string | undefined },
  out: Out,
): Promise<TsaInput | undefined> {
  if (values['tsa-url']) return { url: values['tsa-url'] };
  if (values.tsa) return localTsaCredential((await demoPki(out)).tsa);
  return undefined;
}

/** A command's flags (`options`) and its positional arguments (IN, OUT, ...). */
function parseCommand<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
) {
  return parseArgs({ args, allowPositionals: true, options });
}

function randomSerial(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let s = '';
  for (let i = 0; i < 22; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

// ---------------------------------------------------------------------------------------------

async function cmdInspect(args: string[], out: Out): Promise<number> {
  const { values, positionals } = parseCommand(args, { json: { type: 'boolean' } });
  const [input] = positionals;
  if (!input || positionals.length > 1) throw new UsageError('inspect takes one input file');
  const info = await inspectPdf(readInput(input));
  if (values.json) {
    out.log(JSON.stringify(info, null, 2));
    return 0;
  }
  out.log(
    `PDF ${info.pdfVersion}, ${info.pageCount} page(s)${info.linearized ? ', linearized' : ''}`,
  );
  info.pages.forEach((p, i) => {
    out.log(`  page ${i + 1}: ${p.width} x ${p.height} pt, rotation ${p.rotation}`);
  });
  for (const j of info.javaScript) {
    out.log(
      `  JavaScript: ${j.location}${j.page ? ` page ${j.page}` : ''} ${j.trigger ?? ''} ${j.name ?? ''}`,
    );
  }
  if (info.signatures.length === 0) out.log('No signatures.');
  for (const s of info.signatures) {
    out.log(
      `  ${s.kind === 'emeterai' ? `e-Meterai ${s.serial}` : s.kind} "${s.fieldName}" by ${s.signerName ?? '?'}${s.coversWholeDocument ? ' (covers whole document)' : ''}`,
    );
  }
  return 0;
}

async function cmdRepair(args: string[], out: Out): Promise<number> {
  const [input, output, ...extra] = args;
  if (!input || !output || extra.length > 0) throw new UsageError('repair takes IN and OUT');
  const result = await repairPdf(readInput(input));
  writeOutput(output, result.bytes);
  out.log(result.repaired ? result.warnings.join('\n') : 'The document is sound; copied as is.');
  return 0;
}

const SIGN_OPTIONS = {
  page: { type: 'string' },
  rect: { type: 'string' },
  name: { type: 'string' },
  key: { type: 'string' },
  cert: { type: 'string' },
  reason: { type: 'string' },
  location: { type: 'string' },
  image: { type: 'string' },
  tsa: { type: 'boolean' },
  'tsa-url': { type: 'string' },
} as const;

/** What sign and stamp read alike: IN and OUT, the box (page, rect), reason and location. */
function signingArgs(
  command: string,
  positionals: string[],
  values: { page?: string; rect?: string; reason?: string; location?: string },
) {
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2)
    throw new UsageError(`${command} takes IN and OUT files`);
  return {
    input,
    output,
    box: { page: parsePage(values.page), rect: parseRect(values.rect) },
    details: {
      ...(values.reason ? { reason: values.reason } : {}),
      ...(values.location ? { location: values.location } : {}),
    },
  };
}

async function cmdSign(args: string[], out: Out): Promise<number> {
  const { values, positionals } = parseCommand(args, SIGN_OPTIONS);
  const { input, output, box, details } = signingArgs('sign', positionals, values);
  const name = values.name?.trim();
  if (!name) throw new UsageError('--name "Signer Name" is required');
  const bytes = readInput(input);
  const signer =
    explicitCredential(values.key, values.cert) ?? (await demoUser(await demoPki(out), name));
  const tsa = await tsaFrom(values, out);
  const result = await signPdf(bytes, {
    specimen: values.image ? readInput(values.image) : name,
    ...box,
    signer,
    ...details,
    ...(tsa ? { tsa } : {}),
  });
  writeOutput(output, result.bytes);
  out.log(`Signed "${result.fieldName}" on page ${result.page} -> ${output}`);
  return 0;
}

async function cmdStamp(args: string[], out: Out): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    ...SIGN_OPTIONS,
    serial: { type: 'string' },
    'verify-url': { type: 'string' },
  });
  const { input, output, box, details } = signingArgs('stamp', positionals, values);
  const serial = values.serial ?? randomSerial();
  const bytes = readInput(input);
  const signer = explicitCredential(values.key, values.cert) ?? (await demoPki(out)).emeterai;
  const tsa = await tsaFrom(values, out);
  const image = values.image
    ? readInput(values.image)
    : createSpecimenStampAppearance(serial, values['verify-url'] ?? 'https://bubuh.local/verify');
  const result = await stampMeterai(bytes, {
    serial,
    image,
    ...box,
    signer,
    ...details,
    ...(tsa ? { tsa } : {}),
  });
  writeOutput(output, result.bytes);
  out.log(`Stamped e-Meterai ${result.serial} on page ${result.page} -> ${output}`);
  return 0;
}

async function cmdVerify(args: string[], out: Out): Promise<number> {
  const { values, positionals } = parseCommand(args, {
    json: { type: 'boolean' },
    trust: { type: 'string', multiple: true },
    'meterai-issuer': { type: 'string', multiple: true },
  });
  const [input] = positionals;
  if (!input || positionals.length > 1) throw new UsageError('verify takes one input file');
  const bytes = readInput(input);
  let trustRoots: string[] | undefined = values.trust?.map(readText);
  let meteraiIssuers: string[] | undefined = values['meterai-issuer']?.map(readText);
  const demoRoot = at(join('data', 'pki', 'root.pem'));
  if (!trustRoots && existsSync(demoRoot)) {
    trustRoots = [readFileSync(demoRoot, 'utf8')];
    // with the demo CA, its e-Meterai certificate is the one e-Meterai issuer
    const demoMeterai = at(join('data', 'pki', 'emeterai.pem'));
    if (!meteraiIssuers && existsSync(demoMeterai))
      meteraiIssuers = [readFileSync(demoMeterai, 'utf8')];
  }
  const result = await verifyPdf(bytes, {
    ...(trustRoots ? { trustRoots } : {}),
    ...(meteraiIssuers ? { meteraiIssuers } : {}),
  });
  if (values.json) {
    out.log(JSON.stringify(result, null, 2));
  } else {
    if (result.signatures.length === 0) out.log('No signatures.');
    for (const s of result.signatures) {
      const what =
        s.kind === 'emeterai'
          ? `e-Meterai ${s.serial}${s.meteraiClaim === 'unchecked' ? ' (issuer not checked)' : ''}`
          : s.kind === 'timestamp'
            ? 'document time-stamp'
            : s.meteraiClaim === 'unverified'
              ? `e-signature CLAIMING to be e-Meterai ${s.claimedSerial} (not from an e-Meterai issuer)`
              : 'e-signature';
      out.log(`${s.fieldName}: ${what} by ${s.signerName ?? '?'}`);
      out.log(
        `  integrity ${s.integrity ? 'OK' : `FAILED (${s.integrityDetail ?? 'unknown'})`}, ` +
          `${s.coversWholeDocument ? 'covers the whole document' : `later changes: ${s.modifiedAfter}`}, ` +
          `chain ${s.chain}, time-stamp ${s.timestamp.present ? (s.timestamp.valid ? 'valid' : 'INVALID') : 'none'}` +
          `${s.signingTime ? `, signed ${s.signingTime}` : ''}`,
      );
      for (const c of s.changes) out.log(`  change not allowed: ${c}`);
    }
    out.log(result.valid ? 'All signatures are valid.' : 'Some signatures are NOT valid.');
  }
  return result.valid ? 0 : 3;
}

export async function main(
  argv: string[],
  out: Out = { log: console.log, err: console.error },
  options: { cwd?: string } = {},
): Promise<number> {
  baseDir = options.cwd ?? process.cwd();
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      out.log(USAGE);
      return command ? 0 : 2;
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      out.log(USAGE);
      return 0;
    }
    switch (command) {
      case 'inspect':
        return await cmdInspect(rest, out);
      case 'repair':
        return await cmdRepair(rest, out);
      case 'sign':
        return await cmdSign(rest, out);
      case 'stamp':
        return await cmdStamp(rest, out);
      case 'verify':
        return await cmdVerify(rest, out);
      default:
        throw new UsageError(`unknown command "${command}" (try --help)`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      out.err(`bubuh-pdf: ${error.message}`);
      return 2;
    }
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      out.err(`bubuh-pdf: ${(error as Error).message.split('\n')[0]}`);
      return 2;
    }
    if (isPdfError(error)) {
      out.err(`bubuh-pdf: ${error.message}`);
      return 1;
    }
    out.err(
      `bubuh-pdf: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
    );
    return 1;
  }
}
