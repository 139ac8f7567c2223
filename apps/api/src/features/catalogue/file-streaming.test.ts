import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rawQuery } from '../../db/client.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { FILE_CHUNK_BYTES } from './file-pieces.js';
import { multipartBody, SAMPLES } from './test-support/multipart.js';

/**
 * DESIGN §6 "streamed" (decision 0350): an upload goes into the database piece by piece and a download
 * comes out the same way, byte for byte; a product's 100 MB are counted while the pieces arrive.
 */
describe.each(testDatabases)('product files stream on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });
  const upload = (productId: number, fileName: string, content: Buffer) => {
    const { payload, headers } = multipartBody(fileName, content);
    return t.call('POST', `/api/product/${productId}/files`, t.admin, payload, headers);
  };
  const piecesOf = (fileId: number) =>
    rawQuery(t.database)<{ seq: number; bytes: number }>(
      'select seq, length(data) as bytes from product_file_chunks where file_id = $1 order by seq',
      [fileId],
    );

  it('stores a 3 MB file in pieces and serves it back byte for byte, with its length', async () => {
    const content = Buffer.concat([SAMPLES.pdf, randomBytes(3 * 1024 * 1024)]);
    const res = await upload(6, 'groot.pdf', content);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().size).toBe(content.length);

    const pieces = await piecesOf(res.json().id);
    expect(pieces.map((p) => Number(p.seq))).toEqual([...Array(pieces.length).keys()]);
    expect(pieces.length).toBe(Math.ceil(content.length / FILE_CHUNK_BYTES));
    expect(Math.max(...pieces.map((p) => Number(p.bytes)))).toBe(FILE_CHUNK_BYTES);

    const download = await t.app.inject({ method: 'GET', url: `/api/product/6/file/${res.json().id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(content.length));
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('refuses a file that takes the product past 100 MB while it arrives, and keeps nothing of it', async () => {
    // 98 MiB already held, as the product's list counts it; 3 MiB more passes the limit in the middle.
    await rawQuery(t.database)(
      `insert into product_files (product_id, file_name, mime_type, size)
       values (7, 'archief.pdf', 'application/pdf', 98 * 1024 * 1024)`,
    );
    const before = await rawQuery(t.database)<{ n: string }>('select count(*) as n from product_file_chunks');
    const res = await upload(7, 'te-veel.pdf', Buffer.concat([SAMPLES.pdf, randomBytes(3 * 1024 * 1024)]));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('files_too_large');
    const after = await rawQuery(t.database)<{ n: string }>('select count(*) as n from product_file_chunks');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
    const names = await rawQuery(t.database)<{ name: string }>(
      'select file_name as name from product_files where product_id = 7',
    );
    expect(names.map((r) => r.name)).toEqual(['archief.pdf']);
  });
});
