import { type ImageContentType, UPLOAD_URL_TTL_SECONDS } from '@tableserve/contract/menu';
import type { S3Config } from '../../config/config';
import type { SignedUpload, UploadStorage } from './storage';

/** The AWS SDK takes about half a second to load: only installs that store in S3 pay for it. */
async function loadSdk(config: S3Config) {
  const [{ PutObjectCommand, S3Client }, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // A checksum in the URL would have to be the browser's file's: leave it out.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  return { client, PutObjectCommand, getSignedUrl };
}

/**
 * Images in an S3 bucket (or any S3-compatible store), uploaded by the browser straight to it
 * through a presigned PUT. The content type and the public-read ACL are signed headers, so the
 * upload must send exactly those (the spec's client sends `x-amz-acl: public-read`).
 * `If-None-Match: *` is signed too: a conditional write (AWS S3, MinIO) that answers 412 when the
 * key exists, so a URL used once cannot overwrite its image within its 10 minutes, as images are
 * served with immutable caching. The upload must send that header as well, and the bucket's CORS
 * rule must allow it.
 * A presigned PUT cannot cap the size; the bucket's own policy has to.
 */
export function createS3Storage(config: S3Config): UploadStorage {
  let sdk: ReturnType<typeof loadSdk> | undefined;
  return {
    async signUpload(key: string, contentType: ImageContentType): Promise<SignedUpload> {
      sdk ??= loadSdk(config);
      const { client, PutObjectCommand, getSignedUrl } = await sdk;
      const command = new PutObjectCommand({
        Bucket: config.bucket,
        Key: key,
        ContentType: contentType,
        ACL: 'public-read',
        // Write once: signed, so the holder of the URL cannot leave it out.
        IfNoneMatch: '*',
      });
      const signedUrl = await getSignedUrl(client, command, {
        expiresIn: UPLOAD_URL_TTL_SECONDS,
        // Signed as a header, not hoisted into the query: the client sends it as a header.
        unhoistableHeaders: new Set(['x-amz-acl']),
        // The presigner leaves Content-Type unsigned by default; signed, the PUT must be the image type.
        signableHeaders: new Set(['content-type']),
      });
      const objectUrl = signedUrl.split('?')[0]!;
      return {
        signed_url: signedUrl,
        image_url: config.publicUrl ? `${config.publicUrl}/${key}` : objectUrl,
      };
    },
  };
}
