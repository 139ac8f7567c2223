import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/index.js';
import { callsIn, clientCalls, normalisePath, type ClientCall } from './client-paths.js';

const WEB_SRC = fileURLToPath(new URL('../../../web/src', import.meta.url));

describe('reading the API calls out of client source', () => {
  it('normalises parameters and drops query strings', () => {
    expect(normalisePath('/product/${id}/file/${file.id}')).toBe('/product/:p1/file/:p2');
    expect(normalisePath('/data?n=${n}')).toBe('/data');
  });

  it('finds url fields with their method, bare-path queries and /api links', () => {
    const source = [
      'getOne: build.query<X, number>({ query: (id) => `/product/${id}` }),',
      "save: build.mutation({ query: ({ id, ...body }) => ({ url: `/desk/${id}`, method: 'PATCH', body }) }),",
      "list: build.query({ query: () => ({ url: '/products', params: { all: true } }) }),",
      'export const link = (p: number) => `/api/product/${p}/file/1`;',
    ].join('\n');
    expect(callsIn(source, 'x.ts').map(({ method, path }) => `${method} ${path}`)).toEqual([
      'PATCH /desk/:p1',
      'GET /products',
      'GET /product/:p1',
      'GET /product/:p1/file/1',
    ]);
  });
});

/**
 * The contract between the two apps: every path the web client calls is in the server's route table,
 * so a page cannot ship calling a route that does not exist (as GET /product/{id} once did).
 */
describe('the web client calls only routes the server has', () => {
  const t = useTestApp('pglite', { seed: false });

  const missing = (calls: ClientCall[]) =>
    calls.filter((c) => !t.app.hasRoute({ method: c.method as 'GET', url: `/api${c.path}` }));

  it('finds the calls of the client', () => {
    const calls = clientCalls(WEB_SRC);
    // A parser that silently finds nothing would pass everything: these are known to be there.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'POST /login',
        'GET /products',
        'GET /product/:p1',
        'POST /appointment/make-reservation',
      ]),
    );
  });

  it('names every call whose path the server does not route', () => {
    expect(missing([{ method: 'GET', path: '/no-such-thing/:p1', source: 'probe' }])).toHaveLength(1);
    const unknown = missing(clientCalls(WEB_SRC)).map((c) => `${c.method} /api${c.path} (${c.source})`);
    expect(unknown).toEqual([]);
  });
});
