import { describe, expect, it } from 'vitest';
import { rawQuery } from '../../db/client.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { multipartBody, SAMPLES } from './test-support/multipart.js';

const RLO = '\u202E';

/**
 * DESIGN §6 for product files (decision 0329): names lose control and bidirectional characters and end
 * in the extension of the type the content shows; a product holds at most 20 files and 100 MB.
 */
describe.each(testDatabases)('product file names and limits on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });

  const upload = (productId: number, fileName: string, content: Buffer) => {
    const { payload, headers } = multipartBody(fileName, content);
    return t.call('POST', `/api/product/${productId}/files`, t.admin, payload, headers);
  };

  it('stores no bidirectional or control character anywhere in the database after such a name', async () => {
    // "invoice‮fdp.exe" shows as "invoiceexe.pdf" in a file list.
    const res = await upload(3, `invoice${RLO}fdp.exe\u2066x\u200F.pdf`, SAMPLES.pdf);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fileName).toBe('invoicefdp.exex.pdf');
    const tables = await rawQuery(t.database)<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const holding = [];
    for (const { name } of tables) {
      const [row] = await rawQuery(t.database)<{ n: number | string }>(
        `select count(*) as n from "${name}" as r where strpos(r::text, $1) > 0`,
        [RLO],
      );
      if (Number(row!.n) > 0) holding.push(name);
    }
    expect(holding).toEqual([]);
  });

  it('ends a name in the extension of the type the content shows', async () => {
    const named = async (fileName: string, content: Buffer) =>
      (await upload(3, fileName, content)).json().fileName;
    expect(await named('photo.pdf', SAMPLES.png)).toBe('photo.png');
    expect(await named('Formulier', SAMPLES.docx)).toBe('Formulier.docx');
    expect(await named('Scan.PDF', SAMPLES.pdf)).toBe('Scan.PDF');
    expect(await named('report.pdf.exe', SAMPLES.pdf)).toBe('report.pdf.pdf');
  });

  it('holds at most 20 files in a product (409 too_many_files)', async () => {
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await upload(4, `bijlage-${i}.pdf`, SAMPLES.pdf)).statusCode);
    expect(statuses).toEqual([...Array(20).fill(201), 409]);
    expect((await upload(4, 'one-more.pdf', SAMPLES.pdf)).json().code).toBe('too_many_files');
  });

  it('holds at most 100 MB of files in a product (409 files_too_large)', async () => {
    // Ten files of 10 MiB as the product's list counts them (the sizes are what the limit adds up).
    await rawQuery(t.database)(
      `insert into product_files (product_id, file_name, mime_type, size)
       select 5, 'groot-' || i || '.pdf', 'application/pdf', 10485760 from generate_series(1, 10) as i`,
    );
    const res = await upload(5, 'small.pdf', SAMPLES.pdf);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('files_too_large');
  });
});
