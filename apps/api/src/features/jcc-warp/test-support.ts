import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { expect } from 'vitest';

export const BASE = '/api/compat/jcc-warp/v1';
const FIXTURES = fileURLToPath(new URL('./__fixtures__/', import.meta.url));

/** One recorded call of an Open Forms cassette (`__fixtures__`, EUPL, see each file's head). */
export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  requestBody: unknown;
  answer: unknown;
}

/** The JCC calls (not the token) a cassette recorded, with their answers parsed. */
export function cassette(name: string): Recorded[] {
  const doc = parse(readFileSync(`${FIXTURES}${name}.yaml`, 'utf8')) as {
    interactions: Array<{
      request: { method: string; uri: string; body: string | null };
      response: { body: { string: string } };
    }>;
  };
  return doc.interactions
    .filter((i) => !i.request.uri.includes('/connect/token'))
    .map((i) => {
      const url = new URL(i.request.uri);
      const body = i.response.body.string;
      let answer: unknown = body;
      try {
        answer = JSON.parse(body);
      } catch {
        // a body that is no JSON stays text
      }
      return {
        method: i.request.method,
        path: url.pathname.split('/warp/v1/')[1]!,
        query: url.searchParams,
        requestBody: i.request.body ? JSON.parse(i.request.body) : null,
        answer,
      };
    });
}

/** The first recorded call of `method path` in a cassette. */
export function recorded(name: string, method: string, path: string | RegExp): Recorded {
  const call = cassette(name).find(
    (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
  );
  if (!call) throw new Error(`${name} recorded no ${method} ${String(path)}`);
  return call;
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Fails when `actual` lacks a field `reference` (a recorded JCC answer) has, or has it with another JSON
 * type, at any depth; an array's items are each held to the reference's first item. `optional` names
 * the dotted paths (array items as `[]`) of fields JCC marks optional (`NotRequired` in Open Forms'
 * `types.py`) that Balie does not answer; the plugin reads none of them without a default.
 */
export function expectShapeOf(actual: unknown, reference: unknown, optional: string[] = [], at = '$'): void {
  expect(typeOf(actual), `type at ${at}`).toBe(typeOf(reference));
  if (Array.isArray(reference) && Array.isArray(actual)) {
    if (reference.length === 0) return;
    expect(actual.length, `items at ${at}`).toBeGreaterThan(0);
    for (const item of actual) expectShapeOf(item, reference[0], optional, `${at}[]`);
    return;
  }
  if (reference && typeof reference === 'object') {
    const a = actual as Record<string, unknown>;
    for (const [key, value] of Object.entries(reference)) {
      const path = `${at}.${key}`;
      if (optional.includes(path) && !(key in a)) continue;
      expect(a, `field ${path}`).toHaveProperty([key]);
      expectShapeOf(a[key], value, optional, path);
    }
  }
}

/** A query string as Open Forms' `requests` writes it: a list repeats its key. */
export function query(params: Record<string, string | number | boolean | Array<string | number>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value));
  }
  return search.toString();
}
