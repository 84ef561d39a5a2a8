import type { MultipartFile } from '@fastify/multipart';

/** The bytes a request may still send in its files, and the error to throw past them. */
export type ByteBudget = { left: number; over: () => Error };

/**
 * Read one file part into memory, counting its bytes against the request's budget as they arrive, so a
 * request over the budget is refused without reading the rest. A file over its own size limit fails as
 * @fastify/multipart's `toBuffer` would (`FST_REQ_FILE_TOO_LARGE`). Throwing stops the stream.
 */
export async function readFilePart(
  part: MultipartFile,
  budget: ByteBudget,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    budget.left -= chunk.length;
    if (budget.left < 0) throw budget.over();
    size += chunk.length;
    // `maxBytes`: a part's own limit below busboy's (which is the same for every part).
    if (part.file.truncated || size > maxBytes)
      throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    chunks.push(chunk);
  }
  if (part.file.truncated)
    throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return Buffer.concat(chunks);
}
