import type { Readable } from 'node:stream';

/**
 * Size of the pieces a file is stored and read in (decision 0350): an upload or a download holds one or
 * two of them in memory, never the whole file.
 */
export const FILE_CHUNK_BYTES = 256 * 1024;

/**
 * The bytes of `stream` re-cut into pieces of exactly `size` bytes (the last one shorter). Errors of the
 * stream (the multipart limit's 413) come out of the loop that reads them.
 */
export async function* piecesOf(stream: Readable, size = FILE_CHUNK_BYTES): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const data of stream as AsyncIterable<Buffer>) {
    pending.push(data);
    pendingBytes += data.length;
    while (pendingBytes >= size) {
      const joined = Buffer.concat(pending, pendingBytes);
      yield joined.subarray(0, size);
      pending = [joined.subarray(size)];
      pendingBytes -= size;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
