import { vi } from 'vitest';

export interface FakeAnswer {
  status: number;
  body?: unknown;
}
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** The fetch the last fakeApi call put in place; gone again once a test unstubs its globals. */
let installed: typeof fetch | undefined;

/** Whether requests go to a fakeApi handler now (rather than to Node's fetch, which has no server). */
export const fakeApiInstalled = () => installed !== undefined && globalThis.fetch === installed;

/**
 * Stands in for the API server in jsdom tests: every request the SPA makes goes to `handler`, which
 * answers as DESIGN §5 says the server does. Returns the log of requests so a test can assert what the
 * client sent. (Browser tests in e2e/ run against the real server.)
 */
export function fakeApi(handler: FakeHandler): FakeRequest[] {
  const log: FakeRequest[] = [];
  // The SPA asks for '/api/…'; Node's Request needs an absolute address.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
      }
    },
  );
  // RTK Query passes a Request; a plain fetch(path, init) (the display's state) a path.
  const fetch = async (given: Request | string, init?: RequestInit) => {
    const input = typeof given === 'string' ? new Request(new URL(given, 'http://localhost'), init) : given;
    const url = new URL(input.url);
    const text = await input.text();
    const request = {
      method: input.method,
      path: url.pathname + url.search,
      // JSON bodies parsed; others (a multipart upload) as their raw text.
      body:
        text && input.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text || undefined,
    };
    log.push(request);
    const answer = await handler(request);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetch);
  installed = globalThis.fetch;
  return log;
}

/** A DESIGN §5 error answer. */
export const apiError = (status: number, code: string): FakeAnswer => ({
  status,
  body: { code, message: code },
});
