import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, uploadMessages } from '@tableserve/contract/menu';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerifiedOwner } from '../../test/owners';
import { expireSubscription, type Owner, subscribedOwner } from '../../test/restaurants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { sniffImageType } from './image-types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function pngBytes() {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}
const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const gifBytes = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const webpBytes = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');

const signUrl = (owner: Owner | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/menu/generate-signed-url',
    headers: owner?.auth ?? {},
    payload,
  });

async function signedUpload(owner: Owner, payload: object = { file_name: 'Pizza Photo.PNG' }) {
  const response = await signUrl(owner, payload);
  expect(response.statusCode).toBe(200);
  return response.json() as { signed_url: string; image_url: string };
}

/** The PUT the browser makes to a signed URL (the spec's client adds the public-read ACL header). */
const put = (signedUrl: string, body: Buffer | string, contentType: string) =>
  t.app.inject({
    method: 'PUT',
    url: signedUrl.replace(TEST_PUBLIC_URL, ''),
    headers: { 'content-type': contentType, 'x-amz-acl': 'public-read' },
    payload: body,
  });
const fetchImage = (imageUrl: string) =>
  t.app.inject({ method: 'GET', url: imageUrl.replace(TEST_PUBLIC_URL, '') });

describe('signed upload URLs', () => {
  it('signs a 10-minute PUT to an owner-scoped random key; the image URL is it without the query', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, image_url } = await signedUpload(owner);
    const url = new URL(signed_url);
    expect(`${url.origin}${url.pathname}`).toBe(image_url);
    expect(image_url).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/api/v1/uploads/${owner.userId}-[A-Za-z0-9_-]{22}\\.png$`),
    );
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBe(Math.floor(t.clock.now().getTime() / 1000) + 600);
    expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await signedUpload(owner)).image_url).not.toBe(image_url);
  });

  it('names the file by its type: .jpeg becomes .jpg, and content_type wins', async () => {
    const owner = await subscribedOwner(t);
    expect((await signedUpload(owner, { file_name: 'a.jpeg' })).image_url).toMatch(/\.jpg$/);
    expect((await signedUpload(owner, { file_name: 'a.webp' })).image_url).toMatch(/\.webp$/);
    expect((await signedUpload(owner, { file_name: 'a.png', content_type: 'image/gif' })).image_url).toMatch(
      /\.gif$/,
    );
  });

  it.each([
    [{ file_name: 'menu.pdf' }, uploadMessages.notAnImage],
    [{ file_name: 'photo' }, uploadMessages.notAnImage],
    [{ file_name: 'x.png', content_type: 'text/html' }, uploadMessages.notAnImage],
    [{ file_name: '' }, 'File name is required'],
    [{}, 'File name is required'],
  ])('refuses %o with a 400', async (payload, message) => {
    const response = await signUrl(await subscribedOwner(t), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('needs an owner token (401) and a valid subscription (403)', async () => {
    expect((await signUrl(undefined, { file_name: 'a.png' })).statusCode).toBe(401);
    const unsubscribed = await signUrl(await registerVerifiedOwner(t), { file_name: 'a.png' });
    expect(unsubscribed.statusCode).toBe(403);
    expect(unsubscribed.json().code).toBe('SUBSCRIPTION_REQUIRED');
    const lapsed = await subscribedOwner(t);
    await expireSubscription(t, lapsed);
    expect((await signUrl(lapsed, { file_name: 'a.png' })).statusCode).toBe(403);
  });
});

describe('uploading to a signed URL', () => {
  it('stores the image under DATA_DIR/uploads and serves it as an immutable public image', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, image_url } = await signedUpload(owner);
    const bytes = pngBytes();
    const response = await put(signed_url, bytes, 'image/png');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: uploadMessages.uploaded, image_url });
    const key = image_url.split('/').pop()!;
    expect(existsSync(path.join(t.dataDir, 'uploads', key))).toBe(true);

    const served = await fetchImage(image_url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('takes a signed URL once: using it again cannot replace the immutable image (409)', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, image_url } = await signedUpload(owner);
    const first = pngBytes();
    expect((await put(signed_url, first, 'image/png')).statusCode).toBe(200);
    const again = await put(signed_url, Buffer.concat([first, Buffer.from('other')]), 'image/png');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(uploadMessages.alreadyUsed);
    expect((await fetchImage(image_url)).rawPayload.equals(first)).toBe(true);
  });

  it('serves an image by the type of its bytes, not its name', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, image_url } = await signedUpload(owner, { file_name: 'photo.png' });
    const jpeg = await sharp(pngBytes()).jpeg().toBuffer();
    expect((await put(signed_url, jpeg, 'image/png')).statusCode).toBe(200);
    expect((await fetchImage(image_url)).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses bytes that are not an image, whatever the header says (415), and stores nothing', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, image_url } = await signedUpload(owner);
    for (const body of [html, Buffer.alloc(0), Buffer.from('GIF8')]) {
      const response = await put(signed_url, body, 'image/png');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: uploadMessages.notAnImage, code: 'NOT_AN_IMAGE' });
    }
    expect((await fetchImage(image_url)).statusCode).toBe(404);
  });

  it('refuses an image over 5 MB (413)', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, image_url } = await signedUpload(owner);
    const big = Buffer.concat([pngBytes(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const response = await put(signed_url, big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: uploadMessages.tooLarge, code: 'IMAGE_TOO_LARGE' });
    expect((await fetchImage(image_url)).statusCode).toBe(404);
    const justFits = Buffer.concat([pngBytes(), Buffer.alloc(UPLOAD_MAX_BYTES - pngBytes().length)]);
    expect((await put(signed_url, justFits, 'image/png')).statusCode).toBe(200);
  });

  it('refuses an expired URL (403)', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url } = await signedUpload(owner);
    t.clock.advance(10 * 60 * 1000);
    expect((await put(signed_url, pngBytes(), 'image/png')).statusCode).toBe(200);
    t.clock.advance(1000);
    const late = await put(signed_url, pngBytes(), 'image/png');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ message: uploadMessages.invalidUrl, code: 'INVALID_UPLOAD_URL' });
  });

  it('refuses a tampered URL or another content type than the signed one (403)', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url } = await signedUpload(owner);
    const url = new URL(signed_url);
    const signature = url.searchParams.get('signature')!;
    const expires = Number(url.searchParams.get('expires'));
    const other = new URL((await signedUpload(owner)).signed_url);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = [
      `${url.pathname}?expires=${expires}&signature=${flipped}`,
      `${url.pathname}?expires=${expires + 3600}&signature=${signature}`,
      `${other.pathname}?expires=${expires}&signature=${signature}`,
      `${url.pathname}?expires=${expires}`,
      `${url.pathname}?signature=${signature}`,
      url.pathname,
      `${url.pathname.replace(/\d+-/, '999-')}?${url.searchParams}`,
    ];
    for (const target of tampered) {
      expect((await put(target, pngBytes(), 'image/png')).statusCode, target).toBe(403);
    }
    expect((await put(signed_url, jpegBytes, 'image/jpeg')).statusCode).toBe(403);
    expect((await put(signed_url, html, 'text/html')).statusCode).toBe(403);
    expect((await put(signed_url, '{"a":1}', 'application/json')).statusCode).toBe(403);
    // The untouched URL still works.
    expect((await put(signed_url, pngBytes(), 'image/png; charset=binary')).statusCode).toBe(200);
  });

  it('answers 404 for unknown or malformed keys, and never leaves the uploads folder', async () => {
    for (const key of ['1-abcdefghijklmnopqrstuv.png', '..%2Fsecrets.json', '..%2F..%2Fpackage.json', 'x']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/uploads/${key}` })).statusCode, key).toBe(
        404,
      );
    }
    const files = await readdir(path.join(t.dataDir, 'uploads')).catch(() => []);
    expect(files.every((file) => !file.endsWith('.partial'))).toBe(true);
  });
});

describe('image sniffing', () => {
  it('knows JPEG, PNG, GIF and WebP by their bytes, and nothing else', () => {
    expect(sniffImageType(jpegBytes)).toBe('image/jpeg');
    expect(sniffImageType(pngBytes())).toBe('image/png');
    expect(sniffImageType(gifBytes)).toBe('image/gif');
    expect(sniffImageType(webpBytes)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'))).toBeUndefined();
    expect(sniffImageType(html)).toBeUndefined();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });
});
