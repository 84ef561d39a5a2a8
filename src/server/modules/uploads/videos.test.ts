import { describe, expect, it } from 'vitest';
import { sniffVideoType } from './videos.ts';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(20)]);
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
    Buffer.from(docType),
    Buffer.alloc(20),
  ]);

describe('sniffVideoType', () => {
  it('knows MP4, QuickTime and WebM by their first bytes', () => {
    expect(sniffVideoType(ftyp('isom'))).toBe('mp4');
    expect(sniffVideoType(ftyp('mp42'))).toBe('mp4');
    expect(sniffVideoType(ftyp('qt  '))).toBe('quicktime');
    expect(sniffVideoType(ebml('webm'))).toBe('webm');
  });

  it('refuses anything else, Matroska and images included', () => {
    expect(sniffVideoType(ebml('matroska'))).toBeNull();
    expect(sniffVideoType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffVideoType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffVideoType(Buffer.alloc(3))).toBeNull();
    expect(
      sniffVideoType(
        Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftyp'), Buffer.from([0, 1, 2, 3])]),
      ),
    ).toBeNull();
  });
});
