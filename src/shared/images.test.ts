import { describe, expect, it } from 'vitest';
import { variantUrl } from './images.ts';

describe('variantUrl', () => {
  const url = '/uploads/products/0b6f1c1e-2a55-4c1e-9a0e-52a1f0e3b7a1/5d1c-original.webp';

  it('swaps the word original for the variant', () => {
    expect(variantUrl(url, 'thumbnail')).toBe(
      '/uploads/products/0b6f1c1e-2a55-4c1e-9a0e-52a1f0e3b7a1/5d1c-thumbnail.webp',
    );
    expect(variantUrl(url, 'medium')).toBe(
      '/uploads/products/0b6f1c1e-2a55-4c1e-9a0e-52a1f0e3b7a1/5d1c-medium.webp',
    );
  });

  it('swaps only the last occurrence', () => {
    expect(variantUrl('https://original.example/a/x-original.webp', 'medium')).toBe(
      'https://original.example/a/x-medium.webp',
    );
  });

  it('leaves a URL without the word unchanged', () => {
    expect(variantUrl('/uploads/shops/banner.webp', 'thumbnail')).toBe('/uploads/shops/banner.webp');
  });
});
