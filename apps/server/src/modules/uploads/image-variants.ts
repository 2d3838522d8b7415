import { AppError } from '../../lib/app-error';

/**
 * The sizes a menu photo is served at besides its original (docs/performance.md): WebP, made once from the
 * upload and stored next to it as `<key>@<width>.webp`. The web app derives the same names from
 * an image URL (apps/web/src/lib/menu-photo.ts); the two must agree.
 *
 * - 320 and 640: the menu's cards (1x and 2x), cropped to 4:3 from the centre, always exactly
 *   that size (a small photo is enlarged), so `srcset`'s `w` descriptors are true.
 * - 960: the photo preview, the whole photo (its own aspect ratio), never enlarged.
 */
export const IMAGE_VARIANTS = [
  { width: 320, height: 240 },
  { width: 640, height: 480 },
  { width: 960 },
] as const satisfies readonly { width: number; height?: number }[];

export type VariantWidth = (typeof IMAGE_VARIANTS)[number]['width'];

/**
 * Above this many pixels (width × height, read from the header before any decoding) a photo is
 * refused: a 5 MB file can declare a huge canvas. 50 MP covers every phone camera's default.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** A photo that takes longer than this to resize is refused (libvips stops the work). */
const RESIZE_TIMEOUT_SECONDS = 20;
/**
 * Resizes run on libvips' threads, not the event loop, but they share libuv's small pool with
 * file access: at most this many photos at a time, the rest wait their turn.
 */
const MAX_CONCURRENT_RESIZES = 2;

export const variantMessages = {
  unreadable: 'This image could not be read (the file may be damaged). Try another photo.',
  tooManyPixels: `Images can be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
} as const;

const VARIANT_SUFFIX = new RegExp(`^(.+)@(${IMAGE_VARIANTS.map((v) => v.width).join('|')})\\.webp$`);

/** The stored name of a variant of the upload `key`. */
export const variantKey = (key: string, width: VariantWidth) => `${key}@${width}.webp`;

/** The upload a variant name belongs to, and its width; undefined for any other name. */
export function parseVariantKey(name: string): { key: string; width: VariantWidth } | undefined {
  const match = VARIANT_SUFFIX.exec(name);
  return match ? { key: match[1]!, width: Number(match[2]) as VariantWidth } : undefined;
}

/** sharp (and libvips) load on the first photo, not with the server: most requests never need it. */
let sharpModule: Promise<typeof import('sharp')> | undefined;
function loadSharp() {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different photo: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_RESIZES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Every variant of a photo, in memory (nothing is written here). The first frame of an animation,
 * turned upright by its EXIF orientation, without its metadata. Throws a 422 when the bytes do not
 * decode as a whole image (truncated, damaged) or declare more than MAX_INPUT_PIXELS.
 */
export async function renderVariants(bytes: Buffer): Promise<{ width: VariantWidth; bytes: Buffer }[]> {
  const sharp = await loadSharp();
  return inTurn(async () => {
    try {
      // failOn 'warning' (sharp's default, spelled out): a truncated or damaged image is refused.
      const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
        .rotate()
        .timeout({ seconds: RESIZE_TIMEOUT_SECONDS });
      // One after the other: each holds one of libuv's threads while it runs.
      const variants: { width: VariantWidth; bytes: Buffer }[] = [];
      for (const variant of IMAGE_VARIANTS) {
        const resized =
          'height' in variant
            ? source.clone().resize(variant.width, variant.height, { fit: 'cover', position: 'centre' })
            : source.clone().resize(variant.width, undefined, { withoutEnlargement: true });
        variants.push({
          width: variant.width,
          bytes: await resized.webp({ quality: 78, effort: 4 }).toBuffer(),
        });
      }
      return variants;
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message))
        throw new AppError(422, variantMessages.tooManyPixels, 'IMAGE_TOO_MANY_PIXELS');
      throw new AppError(422, variantMessages.unreadable, 'UNREADABLE_IMAGE');
    }
  });
}
