import { describe, expect, it } from 'vitest';
import { batchesOf } from './upload-product-images.ts';

describe('batchesOf', () => {
  const f = (size: number) => ({ size });
  it('keeps the order and puts as many files in a batch as fit under the limit', () => {
    expect(batchesOf([f(4), f(4), f(4), f(9), f(1)], 10)).toEqual([[f(4), f(4)], [f(4)], [f(9), f(1)]]);
  });
  it('sends a file larger than the limit alone (the server answers for it), and nothing for no files', () => {
    expect(batchesOf([f(2), f(12), f(2)], 10)).toEqual([[f(2)], [f(12)], [f(2)]]);
    expect(batchesOf([], 10)).toEqual([]);
  });
});
