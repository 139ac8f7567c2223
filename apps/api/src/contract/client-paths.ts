import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One API call the web client makes: method and path under /api, parameters as `:p1`, `:p2`, … */
export interface ClientCall {
  method: string;
  path: string;
  /** Where it is written, for the failure message. */
  source: string;
}

/** A path template as written in the source: `${…}` becomes a parameter, the query string is dropped. */
export function normalisePath(template: string): string {
  let n = 0;
  return template
    .replace(/\$\{[^}]*\}/g, () => `:p${++n}`)
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

const STRING = String.raw`(['\x60])(\/[^'\x60]*)\1`;
/** `url: '/x'` or `url: \`/x/${id}\`` inside a request object. */
const URL_FIELD = new RegExp(String.raw`\burl:\s*` + STRING, 'g');
/** `query: () => '/x'` or `query: (id) => \`/x/${id}\`` (an endpoint answering a bare path is a GET). */
const QUERY_STRING = new RegExp(String.raw`\bquery:\s*\([^)]*\)\s*=>\s*` + STRING, 'g');
/** Links the browser follows itself (file downloads): string templates starting with /api/. */
const API_LINK = /(['`])\/api(\/[^'`]*)\1/g;

/**
 * The calls of one source file, read from its text: RTK Query endpoints (`url:` fields and bare-path
 * `query:` functions, the method from the same request object, GET when none) and `/api/…` links.
 */
export function callsIn(text: string, source: string): ClientCall[] {
  const calls: ClientCall[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(URL_FIELD)) {
    // The request object around the url: from its opening brace to its closing one.
    const open = text.lastIndexOf('{', m.index);
    const close = text.indexOf('}', m.index + m[0].length);
    const object = text.slice(open, close === -1 ? undefined : close);
    const method = /\bmethod:\s*['"`]([A-Za-z]+)['"`]/.exec(object)?.[1]?.toUpperCase() ?? 'GET';
    calls.push({ method, path: normalisePath(m[2]!), source: `${source}:${lineOf(m.index)}` });
  }
  for (const m of text.matchAll(QUERY_STRING))
    calls.push({ method: 'GET', path: normalisePath(m[2]!), source: `${source}:${lineOf(m.index)}` });
  for (const m of text.matchAll(API_LINK))
    calls.push({ method: 'GET', path: normalisePath(m[2]!), source: `${source}:${lineOf(m.index)}` });
  return calls;
}

/** Every call in the client's sources under `root`, tests and their fakes left out. */
export function clientCalls(root: string): ClientCall[] {
  const calls: ClientCall[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'node_modules') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        calls.push(...callsIn(readFileSync(full, 'utf8'), path.relative(root, full)));
      }
    }
  };
  walk(root);
  return calls;
}
