import { createHmac, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImageContentType, UPLOAD_URL_TTL_SECONDS, uploadMessages } from '@tableserve/contract/menu';
import { AppError, conflict, forbidden } from '../../lib/app-error';
import { randomToken } from '../../lib/random-tokens';
import { sniffImageType } from './image-types';
import type { SignedUpload } from './storage';

/** The keys this server hands out: `<owner id>-<random>.<ext>`; nothing else is a file name here. */
const KEY_PATTERN = /^\d{1,10}-[A-Za-z0-9_-]{16,64}\.(jpg|png|gif|webp)$/;

export const UPLOADS_PATH = '/api/v1/uploads';

export type LocalStorage = ReturnType<typeof createLocalStorage>;

/** The Content-Type of a request, without parameters, lower case. */
export const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Images in DATA_DIR/uploads, written through HMAC-signed, expiring PUT URLs (the `local`
 * driver, DESIGN.md §1 images). The signature covers the method, key, expiry and content type,
 * so a URL cannot be reused for another file name, later, or for another type.
 */
export function createLocalStorage(options: {
  directory: string;
  publicUrl: string;
  secret: string;
  now: () => Date;
}) {
  const { directory, publicUrl, secret, now } = options;
  const urlOf = (key: string) => `${publicUrl}${UPLOADS_PATH}/${key}`;
  const signature = (key: string, expires: number, contentType: string) =>
    createHmac('sha256', secret).update(`PUT\n${key}\n${expires}\n${contentType}`).digest('base64url');
  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  function signaturesMatch(given: string, expected: string) {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  return {
    urlOf,

    async signUpload(key: string, contentType: ImageContentType): Promise<SignedUpload> {
      const expires = nowSeconds() + UPLOAD_URL_TTL_SECONDS;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: signature(key, expires, contentType),
      });
      return { signed_url: `${urlOf(key)}?${query}`, image_url: urlOf(key) };
    },

    /** Throws 403 unless the URL was signed by us, for this key and type, and has not expired. */
    authorize(key: string, query: { expires?: string; signature?: string }, contentType: string) {
      const expires = Number(query.expires);
      const valid =
        KEY_PATTERN.test(key) &&
        Number.isSafeInteger(expires) &&
        expires >= nowSeconds() &&
        typeof query.signature === 'string' &&
        signaturesMatch(query.signature, signature(key, expires, contentType));
      if (!valid) throw forbidden(uploadMessages.invalidUrl, 'INVALID_UPLOAD_URL');
    },

    /**
     * Stores the bytes when they really are an image (415 otherwise, whatever the header said),
     * once: images are served as immutable, so a signed URL used again must not replace one (409).
     */
    async save(key: string, bytes: Buffer): Promise<void> {
      if (!KEY_PATTERN.test(key)) throw forbidden(uploadMessages.invalidUrl, 'INVALID_UPLOAD_URL');
      if (!sniffImageType(bytes)) throw new AppError(415, uploadMessages.notAnImage, 'NOT_AN_IMAGE');
      await mkdir(directory, { recursive: true });
      // Written aside, then linked into place: a reader never sees half a file, and the link
      // fails when the key exists, atomically, even for two uploads at the same moment.
      const partial = path.join(directory, `.${key}.${randomToken(6)}.partial`);
      await writeFile(partial, bytes);
      try {
        await link(partial, path.join(directory, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw conflict(uploadMessages.alreadyUsed, 'UPLOAD_URL_USED');
        throw error;
      } finally {
        await rm(partial, { force: true });
      }
    },

    /** The stored image and its real type; undefined for an unknown or malformed key. */
    async read(key: string): Promise<{ bytes: Buffer; contentType: ImageContentType } | undefined> {
      if (!KEY_PATTERN.test(key)) return undefined;
      const bytes = await readFile(path.join(directory, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      const contentType = bytes && sniffImageType(bytes);
      return bytes && contentType ? { bytes, contentType } : undefined;
    },
  };
}
