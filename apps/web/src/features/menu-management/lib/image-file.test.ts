import { uploadMessages } from '@tableserve/contract/menu';
import { describe, expect, it } from 'vitest';
import { imageFileProblem, uploadFileName } from './image-file';

describe('menu photo files', () => {
  it('accepts JPEG, PNG, GIF and WebP images', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(imageFileProblem(new File(['x'], 'dish', { type }))).toBeUndefined();
    }
  });

  it('rejects anything that is not one of those images', () => {
    expect(imageFileProblem(new File(['x'], 'menu.pdf', { type: 'application/pdf' }))).toBe(
      uploadMessages.notAnImage,
    );
    expect(imageFileProblem(new File(['x'], 'logo.svg', { type: 'image/svg+xml' }))).toBe(
      uploadMessages.notAnImage,
    );
  });

  it('rejects images over 5 MB', () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(imageFileProblem(big)).toBe(uploadMessages.tooLarge);
  });

  it('gives a name without a matching extension one, since the server reads the type from it', () => {
    expect(uploadFileName(new File(['x'], 'dish.PNG', { type: 'image/png' }), 'image/png')).toBe('dish.PNG');
    expect(uploadFileName(new File(['x'], 'image', { type: 'image/webp' }), 'image/webp')).toBe('image.webp');
  });
});
