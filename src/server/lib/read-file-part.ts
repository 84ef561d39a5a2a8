import type { MultipartFile } from '@fastify/multipart';

/** The bytes a request may still send in its files, and the error to throw past them. */
export type ByteBudget = { left: number; over: () => Error };

/**
 * Read one file part into memory, counting its bytes against the request's budget as they arrive, so a
 * request over the budget is refused without reading the rest. A file over its own size limit fails as
 * @fastify/multipart's `toBuffer` would (`FST_REQ_FILE_TOO_LARGE`). Throwing stops the stream.
 */
export async function readFilePart(part: MultipartFile, budget: ByteBudget): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    budget.left -= chunk.length;
    if (budget.left < 0) throw budget.over();
    if (part.file.truncated)
      throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    chunks.push(chunk);
  }
  if (part.file.truncated)
    throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  return Buffer.concat(chunks);
}
