import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.ts';
import { readFilePart } from './read-file-part.ts';
import type { App } from './types.ts';

export const MALFORMED_MULTIPART_MSG = 'The form data is malformed';

/**
 * busboy (inside @fastify/multipart) reports a malformed body (no boundary, a boundary over 256
 * characters, a body that ends before its closing boundary) with plain Errors: no code and no status,
 * which made them 500s. They are the client's mistake: 400. Matched by message, the only thing they carry.
 */
const MALFORMED =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot .*)$/;

function malformedMultipart(err: unknown): AppError | null {
  if (!(err instanceof Error) || 'code' in err || 'statusCode' in err) return null;
  return MALFORMED.test(err.message) ? invalid(MALFORMED_MULTIPART_MSG) : null;
}

/** What one multipart route accepts. */
export type MultipartLimits = {
  /** Bytes of one file (413 `file_too_large` past it). */
  fileBytes: number;
  /** A smaller limit for the file of one field, counted as it arrives (413 `file_too_large` past it). */
  fileBytesOf?: (fieldName: string) => number;
  /** File parts (the `tooManyFiles` answer past it). */
  files: number;
  /** Text fields, and the bytes of each. */
  fields: number;
  fieldBytes: number;
  /** Bytes of all files together, counted as they arrive (413 `request_too_large` past it). */
  totalBytes: number;
};

/** The route's own answers to each way a multipart body can be refused. */
export type MultipartAnswers = {
  notMultipart: string;
  fileTooLarge: string;
  requestTooLarge: string;
  tooManyFiles: () => AppError;
  /** More parts or fields than the limits allow. */
  tooManyParts: () => AppError;
};

export type MultipartOptions = {
  limits: MultipartLimits;
  answers: MultipartAnswers;
  /** Runs as each text field arrives (before the files that follow it are read). */
  onField?: (name: string, value: string) => Promise<void>;
  /**
   * Runs before each file part is read, with the count of file parts so far (this one included) and the
   * fields read so far; it may throw to refuse the request. Answers whether to keep the file: a file not
   * kept is read and dropped.
   */
  onFile?: (fieldName: string, count: number, fields: ReadonlyMap<string, string>) => Promise<boolean>;
};

/**
 * Read a multipart body, the one way the API does: text fields and file contents in memory, with the
 * route's limits and answers. A declared length over the limit is refused before reading; a chunked
 * body is counted as it arrives. Every @fastify/multipart and busboy failure becomes an AppError.
 */
export async function readMultipart(
  req: FastifyRequest,
  { limits, answers, onField, onFile }: MultipartOptions,
): Promise<{ fields: Map<string, string>; files: Buffer[] }> {
  const overTotal = () => new AppError('too_large', answers.requestTooLarge, { code: 'request_too_large' });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.totalBytes + 1_048_576) throw overTotal();
  if (!req.isMultipart())
    throw new AppError('unsupported_media', answers.notMultipart, { code: 'unsupported_media' });

  const fields = new Map<string, string>();
  const files: Buffer[] = [];
  const budget = { left: limits.totalBytes, over: overTotal };
  let fileParts = 0;
  try {
    const parts = req.parts({
      limits: {
        fileSize: limits.fileBytes,
        // One more than allowed, so the extra file gets the route's own answer, not busboy's.
        files: limits.files + 1,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.files + limits.fields + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        fileParts += 1;
        if (fileParts > limits.files) throw answers.tooManyFiles();
        const keep = onFile ? await onFile(part.fieldname, fileParts, fields) : true;
        // Every file part is read (the stream must be drained), counted against the budget.
        const data = await readFilePart(part, budget, limits.fileBytesOf?.(part.fieldname));
        if (keep) files.push(data);
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        fields.set(part.fieldname, value);
        if (onField) await onField(part.fieldname, value);
      }
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('too_large', answers.fileTooLarge, { code: 'file_too_large' });
    if (code === 'FST_FILES_LIMIT') throw answers.tooManyFiles();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw answers.tooManyParts();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('unsupported_media', answers.notMultipart, { code: 'unsupported_media' });
    throw malformedMultipart(err) ?? err;
  }
  return { fields, files };
}

/**
 * Let this plugin's routes take multipart bodies (unless an outer scope already does). Registered per
 * module, so only the upload routes parse multipart; the limits are given per request by readMultipart.
 */
export async function acceptMultipart(app: App): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(multipart, { throwFileSizeLimit: true });
}
