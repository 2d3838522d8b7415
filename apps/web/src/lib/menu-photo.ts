/**
 * Resized copies of a menu photo (docs/performance.md). An image uploaded to this server
 * (`…/api/v1/uploads/<key>`) is also stored as WebP at `<image URL>@<width>.webp`: 320 and 640
 * wide cropped to 4:3 for the menu, 960 wide (whole photo, never enlarged) for its preview. The
 * server makes them at upload, or on first request for older images
 * (apps/server/src/modules/uploads/image-variants.ts); the names here must match it.
 * Photos stored elsewhere (the s3 driver, any other URL) have no variants: the original is shown.
 */

/** The widths of the 4:3 menu crops, in srcset order. */
export const MENU_PHOTO_GRID_WIDTHS = [320, 640] as const;
/** The width of the preview copy. */
export const MENU_PHOTO_PREVIEW_WIDTH = 960;
/** The shape the menu crops are cut to; frames showing them use the same (aspect-[4/3]). */
export const MENU_PHOTO_ASPECT = { width: 4, height: 3 } as const;

/** The key pattern the server hands out for its own uploads: `<owner id>-<random>.<ext>`. */
const UPLOADED_IMAGE = /\/api\/v1\/uploads\/\d{1,10}-[A-Za-z0-9_-]{16,64}\.(?:jpg|png|gif|webp)$/;

export type MenuPhotoSources = {
  /** The 320 wide crop: the `src` of a menu photo. */
  src: string;
  /** `srcset` for the menu crops, by width. */
  srcSet: string;
  /** The intrinsic size of the menu crop (4:3), for the img's width and height. */
  width: number;
  height: number;
  /** The preview copy, for the photo dialog. */
  preview: string;
};

export const menuPhotoVariant = (imageUrl: string, width: number) => `${imageUrl}@${width}.webp`;

/** The resized copies of a menu photo, or undefined when it has none (show the URL as it is). */
export function menuPhotoSources(imageUrl: string): MenuPhotoSources | undefined {
  if (!UPLOADED_IMAGE.test(imageUrl)) return undefined;
  const [smallest] = MENU_PHOTO_GRID_WIDTHS;
  return {
    src: menuPhotoVariant(imageUrl, smallest),
    srcSet: MENU_PHOTO_GRID_WIDTHS.map((width) => `${menuPhotoVariant(imageUrl, width)} ${width}w`).join(
      ', ',
    ),
    width: smallest,
    height: (smallest * MENU_PHOTO_ASPECT.height) / MENU_PHOTO_ASPECT.width,
    preview: menuPhotoVariant(imageUrl, MENU_PHOTO_PREVIEW_WIDTH),
  };
}
