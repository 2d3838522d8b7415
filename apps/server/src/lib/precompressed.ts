import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** Bytes made once and sent many times, with their brotli and gzip forms beside them. */
export type Precompressed = Record<Encoding, Buffer>;

/**
 * Compressed as hard as each format goes (brotli 11, gzip 9): tens of milliseconds of CPU once,
 * then every phone gets the smallest bytes for nothing.
 */
export async function precompress(identity: Buffer): Promise<Precompressed> {
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

/** The encodings a client accepts, best first: brotli, then gzip (q=0 refuses one). */
function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Browsers send a handful of distinct Accept-Encoding values, so each is parsed once. Bounded:
 * past MAX_REMEMBERED distinct values (a client making them up) the rest are parsed every time.
 */
const encodingOf = new Map<string, Encoding>();
const MAX_REMEMBERED = 100;

/** Which of a Precompressed's forms to send for the request's Accept-Encoding. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let encoding = encodingOf.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (encodingOf.size < MAX_REMEMBERED) encodingOf.set(acceptEncoding, encoding);
  }
  return encoding;
}
