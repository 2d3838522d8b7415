import path from 'node:path';
import {
  type GenerateSignedUrlBody,
  type GenerateSignedUrlResponse,
  IMAGE_EXTENSIONS,
  imageTypeOfFileName,
} from '@tableserve/contract/menu';
import type { StorageConfig } from '../../config/config';
import { loadOrCreateSecret } from '../../config/secrets';
import { randomToken } from '../../lib/random-tokens';
import { createLocalStorage, type LocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { UploadStorage } from './storage';

export type UploadsService = ReturnType<typeof createUploadsService>;

type Options = { storage: StorageConfig; publicUrl: string; dataDir: string; now: () => Date };

function openStorage(options: Options): { storage: UploadStorage; local?: LocalStorage } {
  if (options.storage.driver === 's3') return { storage: createS3Storage(options.storage) };
  const local = createLocalStorage({
    directory: path.join(options.dataDir, 'uploads'),
    publicUrl: options.publicUrl,
    // Like JWT_SECRET's fallback: generated once into DATA_DIR, where the files live too.
    secret: loadOrCreateSecret(options.dataDir, 'uploadSecret'),
    now: options.now,
  });
  return { storage: local, local };
}

/** Menu image uploads through signed URLs (docs/product/menu.md#menu-images, then a PUT). */
export function createUploadsService(options: Options) {
  const { storage, local } = openStorage(options);

  return {
    /** Set only with the local driver: its PUT and GET routes exist only then. */
    local,

    /** A new, unguessable key per upload, scoped to its owner: uploads never overwrite each other. */
    async createSignedUrl(ownerId: number, body: GenerateSignedUrlBody): Promise<GenerateSignedUrlResponse> {
      // The contract accepts only file names with an image extension.
      const contentType = body.content_type ?? imageTypeOfFileName(body.file_name)!;
      const key = `${ownerId}-${randomToken(16)}.${IMAGE_EXTENSIONS[contentType][0]}`;
      return storage.signUpload(key, contentType);
    },
  };
}
