import {
  IMAGE_CONTENT_TYPES,
  IMAGE_EXTENSIONS,
  type ImageContentType,
  imageTypeOfFileName,
  UPLOAD_MAX_BYTES,
  uploadMessages,
} from '@tableserve/contract/menu';

const isAcceptedType = (type: string): type is ImageContentType =>
  (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);

/** The `accept` list of the file input: the image types the server stores. */
export const IMAGE_ACCEPT = IMAGE_CONTENT_TYPES.join(',');

/** The image type of a chosen file, by its declared type, else by its name. */
export function imageTypeOf(file: File): ImageContentType | undefined {
  if (isAcceptedType(file.type)) return file.type;
  return file.type === '' ? imageTypeOfFileName(file.name) : undefined;
}

/** Why a chosen file cannot be a menu photo, or undefined when it can (docs/product/menu.md#menu-images). */
export function imageFileProblem(file: File): string | undefined {
  if (!imageTypeOf(file)) return uploadMessages.notAnImage;
  if (file.size > UPLOAD_MAX_BYTES) return uploadMessages.tooLarge;
  return undefined;
}

/**
 * The file name sent for the signed URL. The server tells the type by the extension, so a name
 * without a matching one (a pasted "image") gets one.
 */
export function uploadFileName(file: File, type: ImageContentType): string {
  const name = file.name.trim() || 'menu-image';
  return imageTypeOfFileName(name) === type ? name : `${name}.${IMAGE_EXTENSIONS[type][0]}`;
}
