import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '#shared/images.ts';
import { AppError } from './errors.ts';
import {
  deleteProductImage,
  IMAGE_MSG,
  Slots,
  sniffImageType,
  storeProductImage,
  withImage,
} from './images.ts';
import { keyOfPublicUrl, LocalStorage } from './storage.ts';

const productId = '3f2c9a4e-8d7b-4c1a-9e5f-0a1b2c3d4e5f';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } });

let dir: string;
let storage: LocalStorage;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-images-'));
  storage = new LocalStorage(dir);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('sniffImageType', () => {
  it('recognises JPEG, PNG, WebP and GIF by their bytes', async () => {
    const img = solid(8, 8);
    expect(sniffImageType(await img.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await img.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await img.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await img.clone().gif().toBuffer())).toBe('gif');
  });

  it('says null for anything else, whatever it claims to be', () => {
    expect(sniffImageType(Buffer.from('just a text file, named photo.jpg\n'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    // RIFF but not WebP (a WAV file), and truncated signatures.
    expect(sniffImageType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('storeProductImage', () => {
  it('stores a bounded WebP original and 300 px / 800 px WebP variants at the swapped URLs', async () => {
    const input = await solid(2400, 1200).jpeg().toBuffer();
    const { url, key } = await storeProductImage(storage, productId, input);
    expect(url).toMatch(new RegExp(`^/uploads/products/${productId}/[0-9a-f-]{36}-original\\.webp$`));
    expect(keyOfPublicUrl(url)).toBe(key);

    const sizes: Record<string, { width: number; height: number; format: string }> = {};
    for (const [name, u] of [
      ['original', url],
      ['thumbnail', variantUrl(url, 'thumbnail')],
      ['medium', variantUrl(url, 'medium')],
    ] as const) {
      const file = await storage.get(keyOfPublicUrl(u) ?? '');
      expect(file, name).not.toBeNull();
      expect(file?.contentType).toBe('image/webp');
      expect(file?.visibility).toBe('public');
      const meta = await sharp(file?.data).metadata();
      sizes[name] = { width: meta.width, height: meta.height, format: meta.format };
    }
    expect(sizes).toEqual({
      original: { width: 1600, height: 800, format: 'webp' },
      thumbnail: { width: 300, height: 150, format: 'webp' },
      medium: { width: 800, height: 400, format: 'webp' },
    });
  });

  it('never enlarges a small image', async () => {
    const { key } = await storeProductImage(storage, productId, await solid(200, 100).png().toBuffer());
    const medium = await storage.get(variantUrl(key, 'medium'));
    const meta = await sharp(medium?.data).metadata();
    expect([meta.width, meta.height]).toEqual([200, 100]);
  });

  it('strips EXIF metadata and applies the orientation', async () => {
    // 40×20 pixels, EXIF orientation 6 ("rotate 90° clockwise to display"), with a camera model.
    const input = await solid(40, 20)
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Model: 'Secret Camera 3000' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { key } = await storeProductImage(storage, productId, input);
    const stored = await storage.get(key);
    const meta = await sharp(stored?.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(stored?.data.includes('Secret Camera')).toBe(false);
  });

  it('takes the first frame of a GIF', async () => {
    const { key } = await storeProductImage(storage, productId, await solid(64, 64).gif().toBuffer());
    expect((await sharp((await storage.get(key))?.data).metadata()).format).toBe('webp');
  });

  it('refuses a file that is not an image (415) and a broken image (400), storing nothing', async () => {
    const before = await fs.readdir(path.join(dir, 'public/products', productId));
    const text = storeProductImage(storage, productId, Buffer.from('hello, not an image'));
    await expect(text).rejects.toBeInstanceOf(AppError);
    await expect(text).rejects.toMatchObject({ kind: 'unsupported_media' });
    const png = await solid(50, 50).png().toBuffer();
    const broken = storeProductImage(storage, productId, png.subarray(0, 40));
    await expect(broken).rejects.toMatchObject({ kind: 'invalid' });
    expect(await fs.readdir(path.join(dir, 'public/products', productId))).toEqual(before);
  });

  it('refuses a product id that is not a safe path segment', async () => {
    const png = await solid(10, 10).png().toBuffer();
    await expect(storeProductImage(storage, '../../etc', png)).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('deletes an image with its variants', async () => {
    const { url, key } = await storeProductImage(storage, productId, await solid(30, 30).png().toBuffer());
    await deleteProductImage(storage, url);
    for (const k of [key, variantUrl(key, 'thumbnail'), variantUrl(key, 'medium')]) {
      expect(await storage.get(k)).toBeNull();
    }
  });
});

describe('Slots', () => {
  it('runs at most `size` tasks at once, the others in arrival order, and frees a slot on failure', async () => {
    const slots = new Slots(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const task = (i: number) =>
      slots.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        if (i === 1) throw new Error('task 1 fails');
        return i;
      });
    const results = [1, 2, 3, 4, 5].map((i) => task(i).catch((e: Error) => e.message));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    expect(slots.load).toEqual({ active: 2, waiting: 3 });
    while (started.length < 5 || release.length > 0) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual(['task 1 fails', 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(slots.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('withImage', () => {
  it('refuses a declared size over the pixel limit from the header (413), and unreadable bytes (400)', async () => {
    // A real PNG header declaring 8000 × 8000 (64 megapixels) over a tiny, truncated body.
    const header = await solid(8, 8).png().toBuffer();
    const bomb = Buffer.from(header);
    bomb.writeUInt32BE(8000, 16);
    bomb.writeUInt32BE(8000, 20);
    let work = 0;
    const refused = await withImage(bomb, async () => ++work).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).kind).toBe('too_large');
    expect((refused as AppError).message).toBe(IMAGE_MSG.tooManyPixels);
    expect(work).toBe(0);

    const garbage = await withImage(Buffer.from('not an image'), async () => ++work).catch((e: unknown) => e);
    expect((garbage as AppError).kind).toBe('invalid');
    expect(work).toBe(0);
    expect(await withImage(header, async (img) => (await img.metadata()).width)).toBe(8);
  });
});
