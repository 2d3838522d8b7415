import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemImage } from './item-image';

const uploaded = 'https://tableserve.example/api/v1/uploads/12-AbCdEfGhIjKlMnOpQrStUv.png';
const sizes = '(min-width: 768px) 288px, 256px';

describe('a menu photo (docs/performance.md)', () => {
  it('shows the 4:3 copies by srcset and sizes, with its intrinsic size, lazily', () => {
    render(<ItemImage src={uploaded} name="Pizza" category="MainCourse" sizes={sizes} />);
    const img = screen.getByRole('img', { name: 'Pizza' });
    expect(img).toHaveAttribute('src', `${uploaded}@320.webp`);
    expect(img).toHaveAttribute('srcset', `${uploaded}@320.webp 320w, ${uploaded}@640.webp 640w`);
    expect(img).toHaveAttribute('sizes', sizes);
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '240');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('loads at once in the first screenful, the likeliest largest paint first', () => {
    render(<ItemImage src={uploaded} name="Pizza" category="MainCourse" eager fetchPriority="high" />);
    const img = screen.getByRole('img', { name: 'Pizza' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('sizes', '112px');
  });

  it('falls back to the photo as uploaded when a copy fails, then to the placeholder', () => {
    render(<ItemImage src={uploaded} name="Pizza" category="MainCourse" onOpen={() => {}} />);
    fireEvent.error(screen.getByRole('img', { name: 'Pizza' }));
    const original = screen.getByRole('img', { name: 'Pizza' });
    expect(original).toHaveAttribute('src', uploaded);
    expect(original).not.toHaveAttribute('srcset');
    expect(original).not.toHaveAttribute('sizes');
    expect(original).not.toHaveAttribute('width');
    expect(original).toHaveAttribute('loading', 'lazy');
    fireEvent.error(original);
    expect(screen.getByRole('img', { name: 'Pizza (no photo)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View photo of Pizza' })).not.toBeInTheDocument();
  });

  it('shows a photo stored elsewhere as it is, without srcset', () => {
    const s3 = 'https://menu-images.s3.amazonaws.com/12-AbCdEfGhIjKlMnOpQrStUv.png';
    render(<ItemImage src={s3} name="Pizza" category="MainCourse" sizes={sizes} />);
    const img = screen.getByRole('img', { name: 'Pizza' });
    expect(img).toHaveAttribute('src', s3);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('loading', 'lazy');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Pizza (no photo)' })).toBeInTheDocument();
  });
});
