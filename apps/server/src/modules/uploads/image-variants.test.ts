import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Owner, subscribedOwner } from '../../test/restaurants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import {
  IMAGE_VARIANTS,
  MAX_INPUT_PIXELS,
  parseVariantKey,
  variantKey,
  variantMessages,
} from './image-variants';

// Menu photos are stored with resized WebP variants, made once at upload (docs/performance.md).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.dataDir, 'uploads');

/** A photo-like test image: a gradient, so that crops and resizes are real work. */
async function photo(width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

async function signedUpload(owner: Owner, fileName = 'dish.png') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/menu/generate-signed-url',
    headers: owner.auth,
    payload: { file_name: fileName },
  });
  expect(response.statusCode).toBe(200);
  const { signed_url, image_url } = response.json() as { signed_url: string; image_url: string };
  return { signed_url, image_url, key: image_url.split('/').pop()! };
}

const put = (signedUrl: string, body: Buffer, contentType = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: signedUrl.replace(TEST_PUBLIC_URL, ''),
    headers: { 'content-type': contentType, 'x-amz-acl': 'public-read' },
    payload: body,
  });
const get = (name: string) => t.app.inject({ method: 'GET', url: `/api/v1/uploads/${name}` });

async function storedNames(key: string) {
  return (await readdir(uploadsDir()).catch(() => [] as string[]))
    .filter((name) => name.includes(key))
    .sort();
}

describe('resized variants of an uploaded image', () => {
  it('makes 320 and 640 wide 4:3 crops and a 960 wide preview as WebP, served like the original', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, key } = await signedUpload(owner);
    const original = await photo(1600, 800);
    expect((await put(signed_url, original)).statusCode).toBe(200);

    expect(await storedNames(key)).toEqual(
      [key, `${key}@320.webp`, `${key}@640.webp`, `${key}@960.webp`].sort(),
    );
    expect((await readFile(path.join(uploadsDir(), key))).equals(original)).toBe(true);
    const expected = { 320: [320, 240], 640: [640, 480], 960: [960, 480] } as const;
    for (const [width, [w, h]] of Object.entries(expected)) {
      const served = await get(`${key}@${width}.webp`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: w,
        height: h,
      });
      expect(served.rawPayload.length).toBeLessThan(original.length);
    }
  });

  it('crops a small photo to the card sizes exactly but never enlarges the preview', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, key } = await signedUpload(owner);
    expect((await put(signed_url, await photo(200, 300))).statusCode).toBe(200);
    const size = async (width: number) => {
      const meta = await sharp(await readFile(path.join(uploadsDir(), `${key}@${width}.webp`))).metadata();
      return [meta.width, meta.height];
    };
    expect(await size(320)).toEqual([320, 240]);
    expect(await size(640)).toEqual([640, 480]);
    expect(await size(960)).toEqual([200, 300]);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, key } = await signedUpload(owner, 'phone.jpg');
    // Stored landscape, shown portrait (orientation 6: rotate 90° clockwise).
    const sideways = await sharp(await photo(400, 300, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await put(signed_url, sideways, 'image/jpeg')).statusCode).toBe(200);
    const preview = await sharp(await readFile(path.join(uploadsDir(), `${key}@960.webp`))).metadata();
    expect([preview.width, preview.height]).toEqual([300, 400]);
  });

  it('refuses a damaged image (422) and stores nothing; the URL stays usable', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, image_url, key } = await signedUpload(owner);
    const whole = await photo(300, 200);
    const response = await put(signed_url, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: variantMessages.unreadable, code: 'UNREADABLE_IMAGE' });
    expect(await storedNames(key)).toEqual([]);
    expect((await get(key)).statusCode).toBe(404);
    expect((await get(`${key}@320.webp`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: image_url.replace(TEST_PUBLIC_URL, '') })).statusCode,
    ).toBe(404);
    // Nothing was stored, so the signed URL was not used up.
    expect((await put(signed_url, whole)).statusCode).toBe(200);
  });

  it('refuses an image whose header declares more than the pixel limit, before decoding it (422)', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, key } = await signedUpload(owner);
    // A small real PNG whose header claims 10,000 × 10,000 pixels (its CRC fixed up).
    const png = Buffer.from(await photo(8, 8));
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect(10_000 * 10_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const response = await put(signed_url, png);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: variantMessages.tooManyPixels,
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
    expect(await storedNames(key)).toEqual([]);
  });

  it('writes variants once: a second PUT is refused (409) and changes none of them', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, key } = await signedUpload(owner);
    expect((await put(signed_url, await photo(800, 600))).statusCode).toBe(200);
    const before = await Promise.all(
      IMAGE_VARIANTS.map(({ width }) => readFile(path.join(uploadsDir(), variantKey(key, width)))),
    );
    const again = await put(signed_url, await photo(1000, 500));
    expect(again.statusCode).toBe(409);
    const after = await Promise.all(
      IMAGE_VARIANTS.map(({ width }) => readFile(path.join(uploadsDir(), variantKey(key, width)))),
    );
    expect(after.map((bytes, i) => bytes.equals(before[i]!))).toEqual([true, true, true]);
  });

  it('keeps a variant already in place rather than replacing it', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, key } = await signedUpload(owner);
    const earlier = await sharp(await photo(320, 240))
      .webp()
      .toBuffer();
    await mkdir(uploadsDir(), { recursive: true });
    await writeFile(path.join(uploadsDir(), variantKey(key, 320)), earlier);
    expect((await put(signed_url, await photo(900, 900))).statusCode).toBe(200);
    expect((await readFile(path.join(uploadsDir(), variantKey(key, 320)))).equals(earlier)).toBe(true);
    expect(await storedNames(key)).toHaveLength(4);
  });

  it('makes the variants of an image stored before them on its first request, once', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, key } = await signedUpload(owner);
    expect((await put(signed_url, await photo(1200, 900))).statusCode).toBe(200);
    const atUpload = await readFile(path.join(uploadsDir(), variantKey(key, 640)));
    // As an image uploaded before variants existed: only the original.
    for (const { width } of IMAGE_VARIANTS) await rm(path.join(uploadsDir(), variantKey(key, width)));
    const [first, second] = await Promise.all([get(`${key}@640.webp`), get(`${key}@640.webp`)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.rawPayload.equals(atUpload)).toBe(true);
    expect(await storedNames(key)).toHaveLength(4);
    const made = await stat(path.join(uploadsDir(), variantKey(key, 640)));
    expect((await get(`${key}@640.webp`)).statusCode).toBe(200);
    expect((await stat(path.join(uploadsDir(), variantKey(key, 640)))).mtimeMs).toBe(made.mtimeMs);
  });

  it('answers 404 for the variants of an old image that does not decode, and still serves it', async () => {
    const owner = await subscribedOwner(t);
    const { key } = await signedUpload(owner, 'old.jpg');
    await mkdir(uploadsDir(), { recursive: true });
    const notDecodable = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
    ]);
    await writeFile(path.join(uploadsDir(), key), notDecodable);
    expect((await get(`${key}@320.webp`)).statusCode).toBe(404);
    expect((await get(`${key}@320.webp`)).statusCode).toBe(404);
    expect((await get(key)).statusCode).toBe(200);
    expect(await storedNames(key)).toEqual([key]);
  });

  it('knows only its own variant names', async () => {
    const owner = await subscribedOwner(t);
    const { signed_url, key } = await signedUpload(owner);
    expect((await put(signed_url, await photo(400, 300))).statusCode).toBe(200);
    for (const name of [`${key}@500.webp`, `${key}@320.png`, `${key}@320.webp@320.webp`, `${key}@320`]) {
      expect((await get(name)).statusCode, name).toBe(404);
    }
    expect((await get(`${owner.userId}-${'y'.repeat(22)}.png@320.webp`)).statusCode).toBe(404);
    expect(parseVariantKey(`${key}@960.webp`)).toEqual({ key, width: 960 });
    expect(parseVariantKey(key)).toBeUndefined();
  });
});
