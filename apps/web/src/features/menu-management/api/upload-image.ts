import { GenerateSignedUrlResponse, uploadMessages } from '@tableserve/contract/menu';
import { apiRequest } from '@/lib/api-client';
import { imageTypeOf, uploadFileName } from '../lib/image-file';

/** The upload went wrong at some step; the form says only 'Image upload failed' (docs/product/menu.md#menu-images). */
export class ImageUploadError extends Error {
  constructor(cause: unknown) {
    super(uploadMessages.failed, { cause });
    this.name = 'ImageUploadError';
  }
}

/** The stored image value: the signed URL without its query string (docs/product/api-conventions.md#api-calls). */
export const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? url;

/**
 * POST /menu/generate-signed-url, then PUT the bytes to the signed URL with the public-read ACL
 * (docs/product/api-conventions.md#api-calls), as a write that never replaces an existing object. Resolves to the image value to store on the menu item.
 */
export async function uploadMenuImage(file: File, token: string | null): Promise<string> {
  try {
    const type = imageTypeOf(file);
    if (!type) throw new Error('Not an accepted image type');
    const signed = GenerateSignedUrlResponse.parse(
      await apiRequest<unknown>('/menu/generate-signed-url', {
        method: 'POST',
        body: { file_name: uploadFileName(file, type), content_type: type },
        token,
      }),
    );
    const response = await fetch(signed.signed_url, {
      method: 'PUT',
      body: file,
      // If-None-Match: * makes the write once-only (S3 signs it; our local storage is write-once anyway).
      headers: { 'Content-Type': type, 'x-amz-acl': 'public-read', 'If-None-Match': '*' },
    });
    if (!response.ok) throw new Error(`Upload answered ${response.status}`);
    return signed.image_url || withoutQuery(signed.signed_url);
  } catch (error) {
    throw new ImageUploadError(error);
  }
}
