import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

/**
 * Where uploaded and generated files live (docs/product/deployment-safety.md#running-haat: app processes keep no files of their own).
 * `public` files are served to anybody at `publicUrl(key)`; `private` files (KYC documents) are never
 * reachable by a URL of their own: the server reads them with `get` and hands them out itself.
 */
export type Visibility = 'public' | 'private';

export type StoredFile = { data: Buffer; contentType: string; visibility: Visibility };

export interface Storage {
  put(key: string, data: Buffer, contentType: string, visibility: Visibility): Promise<void>;
  /** The file under `key` (only among files of `visibility` when given), or null when there is none. */
  get(key: string, visibility?: Visibility): Promise<StoredFile | null>;
  /** Remove the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads a public file from. */
  publicUrl(key: string): string;
  /**
   * A time-limited URL the storage service itself signs for a private file (S3's presigned GET), or
   * absent when the backend cannot (local disk: the app signs and streams the file instead).
   */
  presignPrivate?(key: string, ttlSeconds: number): Promise<string>;
}

/** URL prefix public files are served under. */
export const PUBLIC_PREFIX = '/uploads/';

const VISIBILITIES = ['public', 'private'] as const;
const other = (v: Visibility): Visibility => (v === 'public' ? 'private' : 'public');

/** Cache lifetime of public files: keys are random and never rewritten in place, so a year is safe. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Content types by extension. A key's extension must match the content type it is stored with, because
 * a public file is served by its name: a file cannot be smuggled out as a different type than it was
 * checked as. SVG and HTML are deliberately absent (they can carry scripts).
 */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  // Bulk listing uploads (docs/decisions/0107-bulk-listing.md), only ever stored private.
  csv: 'text/csv',
  zip: 'application/zip',
  // A return request's short video (docs/decisions/0112-returns-and-exchanges.md), sniffed before storing.
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

export const extensionFor = (contentType: string): string | undefined =>
  Object.entries(CONTENT_TYPES).find(([, type]) => type === contentType)?.[0];

export const contentTypeOf = (key: string): string | undefined =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];

/**
 * A key is one or more `/`-separated segments of letters, digits, `.`, `_` and `-`, each starting with
 * a letter or digit: no `..`, no hidden files, no absolute paths, no backslashes, nothing to escape.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((s) => SEGMENT.test(s));
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new AppError('invalid', 'Invalid file key', { code: 'invalid_input' });
}

/** A fresh key under `folder` (itself made of safe segments), e.g. `kyc/<userId>/<uuid>.pdf`. */
export function newKey(folder: string, extension: string): string {
  const key = `${folder}/${randomUUID()}.${extension}`;
  assertSafeKey(key);
  return key;
}

function checkPut(key: string, contentType: string) {
  assertSafeKey(key);
  const expected = contentTypeOf(key);
  if (!expected || expected !== contentType) {
    throw new AppError('unsupported_media', `A ${contentType} file cannot be stored as ${key}`, {
      code: 'unsupported_media',
    });
  }
}

/**
 * Files on the local disk: `<root>/public/<key>` and `<root>/private/<key>`, root being
 * `DATA_DIR/uploads`. Only the public folder is ever given to the static file server.
 */
export class LocalStorage implements Storage {
  readonly publicDir: string;
  readonly privateDir: string;

  constructor(readonly root: string) {
    this.publicDir = path.join(root, 'public');
    this.privateDir = path.join(root, 'private');
  }

  private file(visibility: Visibility, key: string): string {
    assertSafeKey(key);
    const dir = visibility === 'public' ? this.publicDir : this.privateDir;
    const file = path.resolve(dir, key);
    // Belt and braces: the key pattern already makes escaping the folder impossible.
    if (!file.startsWith(dir + path.sep))
      throw new AppError('invalid', 'Invalid file key', { code: 'invalid_input' });
    return file;
  }

  async put(key: string, data: Buffer, contentType: string, visibility: Visibility): Promise<void> {
    checkPut(key, contentType);
    // One key, one file: a key may not be public and private at once.
    await fs.rm(this.file(other(visibility), key), { force: true });
    const file = this.file(visibility, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async get(key: string, only?: Visibility): Promise<StoredFile | null> {
    for (const visibility of only ? [only] : VISIBILITIES) {
      try {
        const data = await fs.readFile(this.file(visibility, key));
        return { data, contentType: contentTypeOf(key) ?? 'application/octet-stream', visibility };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    return null;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file('public', key), { force: true });
    await fs.rm(this.file('private', key), { force: true });
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return PUBLIC_PREFIX + key;
  }
}

/** The key of a public URL made by `publicUrl`, or null when the URL is not one of ours. */
export function keyOfPublicUrl(url: string): string | null {
  if (!url.startsWith(PUBLIC_PREFIX)) return null;
  const key = url.slice(PUBLIC_PREFIX.length);
  return isSafeKey(key) ? key : null;
}

export type S3Config = NonNullable<Config['s3']>;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), for several app instances sharing files.
 * Objects live under `public/<key>` and `private/<key>`; the bucket itself need not be public: the app
 * serves public files at `/uploads/<key>` (plugins/storage.ts), so URLs do not depend on the backend.
 */
export class S3Storage implements Storage {
  private constructor(
    private readonly sdk: typeof S3,
    private readonly client: S3.S3Client,
    readonly bucket: string,
  ) {}

  /** The SDK is loaded only when S3 is configured: the default, local setup never pays for it. */
  static async create(config: S3Config): Promise<S3Storage> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: config.region ?? 'us-east-1',
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Only the checksums S3 requires: other S3-compatible servers do not all know the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3Storage(sdk, client, config.bucket);
  }

  private objectKey(visibility: Visibility, key: string): string {
    assertSafeKey(key);
    return `${visibility}/${key}`;
  }

  async presignPrivate(key: string, ttlSeconds: number): Promise<string> {
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    const command = new this.sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey('private', key),
    });
    return getSignedUrl(this.client, command, { expiresIn: ttlSeconds });
  }

  async put(key: string, data: Buffer, contentType: string, visibility: Visibility): Promise<void> {
    checkPut(key, contentType);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(visibility, key),
        Body: data,
        ContentType: contentType,
        CacheControl: visibility === 'public' ? PUBLIC_CACHE_CONTROL : 'private, no-store',
      }),
    );
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(other(visibility), key) }),
    );
  }

  async get(key: string, only?: Visibility): Promise<StoredFile | null> {
    for (const visibility of only ? [only] : VISIBILITIES) {
      try {
        const res = await this.client.send(
          new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
        );
        if (!res.Body) return null;
        const data = Buffer.from(await res.Body.transformToByteArray());
        return {
          data,
          contentType: res.ContentType ?? contentTypeOf(key) ?? 'application/octet-stream',
          visibility,
        };
      } catch (err) {
        if (!(err instanceof this.sdk.NoSuchKey)) throw err;
      }
    }
    return null;
  }

  async delete(key: string): Promise<void> {
    for (const visibility of VISIBILITIES) {
      await this.client.send(
        new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(visibility, key) }),
      );
    }
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return PUBLIC_PREFIX + key;
  }

  close(): void {
    this.client.destroy();
  }
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The storage the configuration asks for: S3 when `S3_BUCKET` is set, else the local disk. */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  if (config.s3) return S3Storage.create(config.s3);
  return new LocalStorage(uploadsDir(config.dataDir));
}
