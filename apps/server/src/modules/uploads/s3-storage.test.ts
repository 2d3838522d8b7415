import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribedOwner } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

// The s3 driver against an S3-compatible server on loopback. s3rver checks the access key but not
// SigV4 signatures themselves, nor conditional writes, so what the signature binds (content type,
// ACL, If-None-Match) is asserted on the URL's X-Amz-SignedHeaders and by recomputing the
// signature; real S3 refuses a PUT whose signed headers differ.
const BUCKET = 'menu-images';
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'tableserve-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

/** SigV4 query signing (as S3 checks it), to show which request headers a presigned URL binds. */
function presignedSignatureHolds(signedUrl: string, headers: Record<string, string>, secret = 'S3RVER') {
  const url = new URL(signedUrl);
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...url.searchParams]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const signed = url.searchParams.get('X-Amz-SignedHeaders')!.split(';');
  const all: Record<string, string> = { ...headers, host: url.host };
  const canonical = [
    'PUT',
    url.pathname,
    query,
    ...signed.map((name) => `${name}:${all[name] ?? ''}`),
    '',
    signed.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const date = url.searchParams.get('X-Amz-Date')!;
  const scope = url.searchParams.get('X-Amz-Credential')!.split('/').slice(1).join('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    date,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const key = scope
    .split('/')
    .reduce<Buffer | string>((k, part) => createHmac('sha256', k).update(part).digest(), `AWS4${secret}`);
  return (
    createHmac('sha256', key).update(stringToSign).digest('hex') === url.searchParams.get('X-Amz-Signature')
  );
}

function pngBytes() {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(120);
  return PNG.sync.write(png);
}

describe('s3 storage driver', () => {
  it('presigns a 10-minute, write-once, public-read PUT with the content type; the image URL is the object URL', async () => {
    const owner = await subscribedOwner(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/menu/generate-signed-url',
      headers: owner.auth,
      payload: { file_name: 'dish.png' },
    });
    expect(response.statusCode).toBe(200);
    const { signed_url, image_url } = response.json();
    const url = new URL(signed_url);
    expect(`${url.origin}${url.pathname}`).toBe(image_url);
    expect(image_url).toMatch(new RegExp(`^${endpoint}/${BUCKET}/${owner.userId}-[A-Za-z0-9_-]{22}\\.png$`));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host;if-none-match;x-amz-acl');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(url.searchParams.has('x-amz-acl')).toBe(false);
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);

    const bytes = pngBytes();
    const headers = { 'content-type': 'image/png', 'x-amz-acl': 'public-read', 'if-none-match': '*' };
    const upload = await fetch(signed_url, { method: 'PUT', headers, body: new Uint8Array(bytes) });
    expect(upload.status).toBe(200);
    const stored = await fetch(image_url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);

    // What real S3 would check: the signature holds only for the image type, the public-read ACL
    // and the write-once condition.
    expect(presignedSignatureHolds(signed_url, headers)).toBe(true);
    expect(presignedSignatureHolds(signed_url, { ...headers, 'content-type': 'text/html' })).toBe(false);
    expect(presignedSignatureHolds(signed_url, { ...headers, 'x-amz-acl': 'private' })).toBe(false);
    // Without If-None-Match (an overwrite with the URL used before), or with a condition that an
    // existing object would meet, the signature fails: S3 answers 403 before it writes anything.
    const { 'if-none-match': _condition, ...unconditional } = headers;
    expect(presignedSignatureHolds(signed_url, unconditional)).toBe(false);
    expect(presignedSignatureHolds(signed_url, { ...headers, 'if-none-match': '"an-etag"' })).toBe(false);
  });

  it('serves no local upload routes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/uploads/1-abcdefghijklmnopqrstuv.png',
    });
    expect(response.statusCode).toBe(404);
  });
});
