import { describe, expect, it } from 'vitest';
import { menuPhotoSources } from './menu-photo';

const uploaded = 'https://tableserve.example/api/v1/uploads/12-AbCdEfGhIjKlMnOpQrStUv.png';

describe('menu photo copies (docs/performance.md)', () => {
  it('names the resized copies of an image uploaded to this server as the server stores them', () => {
    expect(menuPhotoSources(uploaded)).toEqual({
      src: `${uploaded}@320.webp`,
      srcSet: `${uploaded}@320.webp 320w, ${uploaded}@640.webp 640w`,
      width: 320,
      height: 240,
      preview: `${uploaded}@960.webp`,
    });
    for (const ext of ['jpg', 'gif', 'webp']) {
      const url = `http://127.0.0.1:3000/api/v1/uploads/1-abcdefghijklmnop.${ext}`;
      expect(menuPhotoSources(url)?.preview).toBe(`${url}@960.webp`);
    }
  });

  it('has none for photos stored elsewhere (S3, any other URL) or anything not an upload key', () => {
    for (const url of [
      'https://menu-images.s3.us-east-1.amazonaws.com/12-AbCdEfGhIjKlMnOpQrStUv.png',
      'https://cdn.example.com/menu/pizza.webp',
      'https://images.example.com/api/v1/uploads/pizza.jpg',
      `${uploaded}?v=2`,
      `${uploaded}@320.webp`,
      'https://tableserve.example/api/v1/uploads/12-AbCdEfGhIjKlMnOpQrStUv.svg',
    ]) {
      expect(menuPhotoSources(url), url).toBeUndefined();
    }
  });
});
