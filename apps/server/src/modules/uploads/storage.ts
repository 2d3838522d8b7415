import type { ImageContentType } from '@tableserve/contract/menu';

export type SignedUpload = { signed_url: string; image_url: string };

/** Where menu images go: `local` (DATA_DIR/uploads) or `s3` (STORAGE_DRIVER). */
export type UploadStorage = {
  /** A URL the browser PUTs the image to, and the public URL it will have. */
  signUpload(key: string, contentType: ImageContentType): Promise<SignedUpload>;
};
