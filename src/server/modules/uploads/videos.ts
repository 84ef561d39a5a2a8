/**
 * Short videos a buyer sends with a return request (docs/decisions/0112-returns-and-exchanges.md). Like
 * images, a video is recognised by its first bytes, never by its name or declared type; it is stored as
 * sent (no transcoding), under an extension that matches what was recognised.
 */

export type VideoType = 'mp4' | 'webm' | 'quicktime';

export const VIDEO_CONTENT_TYPES: Record<VideoType, { contentType: string; extension: string }> = {
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  webm: { contentType: 'video/webm', extension: 'webm' },
  quicktime: { contentType: 'video/quicktime', extension: 'mov' },
};

const ascii = (buf: Uint8Array, from: number, to: number) =>
  buf.length >= to ? String.fromCharCode(...buf.subarray(from, to)) : '';

/**
 * The video type by its first bytes: an ISO media file starts with an `ftyp` box (`qt  ` brand for
 * QuickTime, any other brand MP4), a WebM file with the EBML magic and the `webm` doc type near the start.
 */
export function sniffVideoType(buf: Uint8Array): VideoType | null {
  if (ascii(buf, 4, 8) === 'ftyp') {
    const brand = ascii(buf, 8, 12);
    if (!/^[\x20-\x7e]{4}$/.test(brand)) return null;
    return brand === 'qt  ' ? 'quicktime' : 'mp4';
  }
  if (buf.length >= 4 && buf[0] === 0x1a && buf[1] === 0x45 && buf[2] === 0xdf && buf[3] === 0xa3) {
    return ascii(buf, 0, Math.min(buf.length, 64)).includes('webm') ? 'webm' : null;
  }
  return null;
}
