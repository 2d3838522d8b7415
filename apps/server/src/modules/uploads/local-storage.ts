import { createHmac, timingSafeEqual } from 'node:crypto';
import { access, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImageContentType, UPLOAD_URL_TTL_SECONDS, uploadMessages } from '@tableserve/contract/menu';
import { AppError, conflict, forbidden } from '../../lib/app-error';
import { randomToken } from '../../lib/random-tokens';
import { sniffImageType } from './image-types';
import { parseVariantKey, renderVariants, variantKey } from './image-variants';
import type { SignedUpload } from './storage';

/** The keys this server hands out: `<owner id>-<random>.<ext>`; nothing else is a file name here. */
const KEY_PATTERN = /^\d{1,10}-[A-Za-z0-9_-]{16,64}\.(jpg|png|gif|webp)$/;

export const UPLOADS_PATH = '/api/v1/uploads';

export type LocalStorage = ReturnType<typeof createLocalStorage>;

/** The Content-Type of a request, without parameters, lower case. */
export const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Images in DATA_DIR/uploads, written through HMAC-signed, expiring PUT URLs (the `local`
 * driver, docs/product/platform.md#image-storage). The signature covers the method, key, expiry and content type,
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

  /**
   * Writes a file under `name` unless one is there: written aside, then linked into place, so a
   * reader never sees half a file and the link fails when the name exists, atomically, even for
   * two writers at the same moment. False when it existed.
   */
  async function writeOnce(name: string, bytes: Buffer): Promise<boolean> {
    const partial = path.join(directory, `.${name}.${randomToken(6)}.partial`);
    await writeFile(partial, bytes);
    try {
      await link(partial, path.join(directory, name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await rm(partial, { force: true });
    }
  }

  const readIfThere = (name: string) =>
    readFile(path.join(directory, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });

  /** Stores the variants of an upload; one already there (same original, same bytes) is kept. */
  async function writeVariants(key: string, variants: Awaited<ReturnType<typeof renderVariants>>) {
    for (const variant of variants) await writeOnce(variantKey(key, variant.width), variant.bytes);
  }

  /**
   * Variants of an image uploaded before they were made at upload, made on their first request:
   * once per original (concurrent requests share the work); an original that does not decode is
   * remembered (up to a bound) and its variants stay 404, so the page shows the original instead.
   */
  const making = new Map<string, Promise<boolean>>();
  const unreadable = new Set<string>();
  function makeVariantsLate(key: string, original: Buffer): Promise<boolean> {
    let job = making.get(key);
    if (!job) {
      job = renderVariants(original)
        .then(async (variants) => {
          await writeVariants(key, variants);
          return true;
        })
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          if (unreadable.size < 10_000) unreadable.add(key);
          return false;
        })
        .finally(() => making.delete(key));
      making.set(key, job);
    }
    return job;
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
     * Stores the bytes when they really are an image (415 otherwise, whatever the header said)
     * that decodes whole (422 otherwise), with its resized variants (image-variants.ts), once:
     * images are served as immutable, so a signed URL used again must not replace one (409).
     * Nothing is written for a refused image.
     */
    async save(key: string, bytes: Buffer): Promise<void> {
      if (!KEY_PATTERN.test(key)) throw forbidden(uploadMessages.invalidUrl, 'INVALID_UPLOAD_URL');
      if (!sniffImageType(bytes)) throw new AppError(415, uploadMessages.notAnImage, 'NOT_AN_IMAGE');
      const used = () => conflict(uploadMessages.alreadyUsed, 'UPLOAD_URL_USED');
      // A URL used again is refused before any resizing (the link below still decides a race).
      if (
        await access(path.join(directory, key)).then(
          () => true,
          () => false,
        )
      )
        throw used();
      const variants = await renderVariants(bytes);
      await mkdir(directory, { recursive: true });
      // The original's link is the lock: only the upload that placed it writes the variants.
      if (!(await writeOnce(key, bytes))) throw used();
      await writeVariants(key, variants);
    },

    /**
     * The stored image, or one of its variants (`<key>@<width>.webp`), and its real type;
     * undefined for an unknown or malformed name. A missing variant of a stored image is made now.
     */
    async read(name: string): Promise<{ bytes: Buffer; contentType: ImageContentType } | undefined> {
      const variant = parseVariantKey(name);
      const key = variant?.key ?? name;
      if (!KEY_PATTERN.test(key)) return undefined;
      let bytes = await readIfThere(name);
      if (!bytes && variant && !unreadable.has(key)) {
        const original = await readIfThere(key);
        if (original && (await makeVariantsLate(key, original))) bytes = await readIfThere(name);
      }
      const contentType = bytes && sniffImageType(bytes);
      return bytes && contentType ? { bytes, contentType } : undefined;
    },
  };
}
