import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import type { ApiRoute } from './routes.js';

/**
 * Generated requests for any route, built from its own zod schemas: mostly plausible values (so the
 * request gets past validation into the handler and the database) with hostile ones mixed in at every
 * level — control characters, ids beyond PostgreSQL's integer, far dates, wrong types, huge strings,
 * deep objects, unknown fields, prototype keys and bodies that are not JSON at all.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b\u001f\u007f',
  '\t\n\r',
  '\ud800',
  '%00',
  "' OR 1=1 --",
  '../../etc/passwd',
  '__proto__',
  'null',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e309',
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2026-12-01T25:61:00+99:00',
  'x'.repeat(70_000),
];
const HOSTILE_NUMBERS = [0, -1, 1.5, -0.5, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1e308];

/** `{"a":{"a":…}}`, deeper than any sane document. */
const deepObject = (depth: number): unknown => (depth === 0 ? 'x' : { a: deepObject(depth - 1) });

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [[[[]]]], deepObject(2000)),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** What the generators draw on besides the schemas. */
export interface Context {
  /** Property names for unknown fields and for JSON hidden in strings. */
  keys: string[];
  /** Real values by field name (a live hold's id, a link token), so requests get past the lookups. */
  known: Record<string, fc.Arbitrary<unknown>>;
}

/** Field names seen across the app, for unknown keys and for JSON hidden in strings (e.g. `filter`). */
const EXTRA_KEYS = [
  'search',
  'deskId',
  'status',
  'hideExpired',
  'constructor',
  'prototype',
  'isAdmin',
  'roles',
];

function dateIn(year: number, dayOfYear: number, minutes: number): Date {
  return new Date(Date.UTC(year, 0, 1 + dayOfYear, 0, minutes));
}

/** A date and time near the present years (not the wall clock: the values only need to look real). */
const plausibleDate = fc
  .record({ year: fc.integer({ min: 2025, max: 2028 }), day: fc.nat(364), minutes: fc.nat(24 * 60 - 1) })
  .map(({ year, day, minutes }) => dateIn(year, day, minutes));

/** Text shaped by the field's name, so a request often passes every other check and reaches the database. */
function textFor(name: string): fc.Arbitrary<string> {
  if (/mail|username/i.test(name))
    return fc.oneof(
      fc.constant('user@example.com'),
      fc.nat().map((n) => `fuzz-${n}@example.org`),
    );
  if (/password/i.test(name)) return fc.constant('Secret123!');
  if (/phone/i.test(name)) return fc.constant('+31 6 12345678');
  if (/language|locale/i.test(name)) return fc.constantFrom('nl', 'en', 'de', 'nl-NL');
  if (/timezone/i.test(name)) return fc.constant('Europe/Amsterdam');
  if (/token/i.test(name)) return fc.stringMatching(/^[0-9a-f]{64}$/);
  return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('1', 'true', 'J.', 'Jansen', 'van der'));
}

function plausibleString(s: JsonSchema, name: string): fc.Arbitrary<unknown> {
  switch (s.format) {
    case 'date':
      return plausibleDate.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return plausibleDate.map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    default:
      return textFor(name);
  }
}

/** A value of the right type that is wrong in content: control characters, far dates, ids out of range. */
function nastyLike(s: JsonSchema, name: string): fc.Arbitrary<unknown> {
  const type = [s.type].flat()[0];
  if (type === 'integer' || type === 'number') return fc.constantFrom(...HOSTILE_NUMBERS);
  if (type !== 'string') return hostileValue;
  if (s.format === 'date') return fc.constantFrom('0000-01-01', '1899-12-31', '9999-12-31', '2026-02-29');
  if (s.format === 'date-time')
    return fc.constantFrom('9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '2200-12-31T23:59:59-14:00');
  return (
    fc
      // NUL most often: PostgreSQL text cannot hold it at all; the other controls are merely wrong.
      .tuple(textFor(name), fc.constantFrom(0, 0, 0, 1, 9, 10, 13, 27, 31))
      .map(([text, code]) => `${text}${String.fromCharCode(code)}${text}`)
  );
}

/**
 * A value of the schema's type. `clean` keeps nested objects and arrays plausible all the way down (the
 * background for a request with one bad field); otherwise nested objects get bad fields of their own.
 */
function plausible(
  s: JsonSchema,
  ctx: Context,
  depth: number,
  name: string,
  clean: boolean,
): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileValue;
  const known = ctx.known[name];
  if (known) return fc.oneof(known, plausible(s, { ...ctx, known: {} }, depth, name, clean));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => plausible(a, ctx, depth + 1, name, clean)));
  if (s.allOf?.[0]) return plausible(s.allOf[0], ctx, depth + 1, name, clean);
  const types = [s.type ?? 'any'].flat();
  const forType = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
        return fc.integer({ min: 1, max: 2 });
      case 'number':
        return fc.integer({ min: 0, max: 100 });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'string':
        return plausibleString(s, name);
      case 'array': {
        const item = clean
          ? plausible(s.items ?? {}, ctx, depth + 1, name, true)
          : field(s.items ?? {}, ctx, depth + 1, name);
        return fc.array(item, { maxLength: Math.min(s.maxItems ?? 5, 5) });
      }
      case 'object':
        return clean ? cleanObject(s, ctx, depth + 1) : objectOf(s, ctx, depth + 1);
      default:
        return hostileValue;
    }
  });
  return forType.length === 1 ? forType[0]! : fc.oneof(...forType);
}

/** Wrong in content (same type) twice as often as wrong in type. */
const badValue = (s: JsonSchema, name: string) =>
  fc.oneof({ arbitrary: nastyLike(s, name), weight: 2 }, { arbitrary: hostileValue, weight: 1 });

/** A value for one field named `name`: plausible mostly, bad otherwise. */
function field(s: JsonSchema, ctx: Context, depth: number, name: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: plausible(s, ctx, depth, name, false), weight: 2 },
    { arbitrary: badValue(s, name), weight: 1 },
  );
}

/**
 * The required properties and about half of the optional ones, each plausible. (fast-check's optional
 * record keys are present five times in six: too often to reach the calls that leave them out.) An
 * absent key is `undefined`, which JSON and the query string leave out.
 */
function cleanObject(s: JsonSchema, ctx: Context, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(s.required ?? []);
  const props = Object.entries(s.properties ?? {});
  return fc.record(
    Object.fromEntries(
      props.map(([k, v]) => {
        const value = plausible(v, ctx, depth, k, true);
        return [k, required.has(k) ? value : fc.option(value, { nil: undefined, freq: 2 })];
      }),
    ),
  );
}

/**
 * An object of the schema: mostly every field plausible but one bad (so the bad one reaches the
 * handler), sometimes fields mixed freely or left out; now and then an unknown field on top.
 */
function objectOf(s: JsonSchema, ctx: Context, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const mixed = fc.record(Object.fromEntries(props.map(([k, v]) => [k, field(v, ctx, depth, k)])), {
    requiredKeys: (s.required ?? []).filter((k) => props.some(([p]) => p === k)),
  });
  const shapes =
    props.length === 0
      ? mixed
      : fc.oneof(
          {
            arbitrary: fc.tuple(cleanObject(s, ctx, depth), fc.nat(props.length - 1)).chain(([obj, i]) => {
              const [k, v] = props[i]!;
              return badValue(v, k).map((bad) => ({ ...obj, [k]: bad }));
            }),
            weight: 3,
          },
          { arbitrary: mixed, weight: 1 },
          { arbitrary: cleanObject(s, ctx, depth), weight: 1 },
        );
  const unknown = fc.option(fc.tuple(fc.constantFrom(...ctx.keys), hostileValue), { freq: 4 });
  return fc.tuple(shapes, unknown).map(([obj, extra]) => (extra ? { ...obj, [extra[0]]: extra[1] } : obj));
}

/** A route schema part as JSON Schema (zod converted on its input side; plain JSON Schema as it is). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if ('_zod' in schema)
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return schema as JsonSchema;
}

/** Every property name the routes' schemas use, plus a few that attackers try. */
export function keyPool(routes: ApiRoute[]): string[] {
  const keys = new Set(EXTRA_KEYS);
  const walk = (s: JsonSchema | undefined) => {
    if (!s || typeof s !== 'object') return;
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      keys.add(k);
      walk(v);
    }
    walk(s.items);
    for (const a of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(a);
  };
  for (const r of routes)
    for (const part of ['params', 'querystring', 'body'] as const) walk(jsonSchemaOf(r.schema?.[part]));
  return [...keys].sort();
}

/** A query-string value is text: JSON for objects (the `filter` style), the plain value otherwise. */
const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);

/** A path segment; a lone surrogate goes as the bytes a client would send for it (invalid UTF-8). */
function pathSegment(v: unknown): string {
  try {
    return encodeURIComponent(asText(v));
  } catch {
    return '%ED%A0%80';
  }
}

/** A body that is JSON of the route's shape, or something else entirely. */
function bodyOf(
  s: JsonSchema | undefined,
  ctx: Context,
): fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> {
  const json = (v: unknown) => ({
    payload: JSON.stringify(v),
    headers: { 'content-type': 'application/json' },
  });
  const shaped = s ? plausible(s, ctx, 0, 'body', false) : objectOf({}, ctx, 0);
  return fc.oneof(
    { arbitrary: shaped.map(json), weight: 6 },
    { arbitrary: hostileValue.map(json), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        // Prototype poisoning, broken JSON, a JSON body that is not UTF-8 text, and a foreign type.
        { payload: '{"__proto__":{"isAdmin":true}}', headers: { 'content-type': 'application/json' } },
        { payload: '{"constructor":{"prototype":{"x":1}}}', headers: { 'content-type': 'application/json' } },
        { payload: '{"a":', headers: { 'content-type': 'application/json' } },
        { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), headers: { 'content-type': 'application/json' } },
        { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        { payload: '<x/>', headers: { 'content-type': 'text/xml' } },
      ),
      weight: 1,
    },
  );
}

/** Generated requests for one route (without authorization and client address; the caller adds those). */
export function requestsFor(route: ApiRoute, ctx: Context): fc.Arbitrary<InjectOptions> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = jsonSchemaOf(route.schema?.params);
  const query = jsonSchemaOf(route.schema?.querystring);
  const body = jsonSchemaOf(route.schema?.body);
  const paramValues = fc.tuple(
    ...paramNames.map((name) => field(params?.properties?.[name] ?? { type: 'string' }, ctx, 1, name)),
  );
  const queryValues = objectOf(query ?? {}, ctx, 1).map((q) =>
    Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, asText(v)]]))),
  );
  const sendsBody = !['GET', 'DELETE'].includes(route.method);
  return fc
    .record({
      pathValues: paramValues,
      query: queryValues,
      body: sendsBody ? bodyOf(body, ctx) : fc.constant<Pick<InjectOptions, 'payload' | 'headers'>>({}),
      language: fc.option(fc.constantFrom('nl', 'en', 'de', 'xx', '*;q=abc', 'de-DE;q=2, ,;'), { freq: 3 }),
    })
    .map(({ pathValues, query: q, body: b, language }) => {
      let i = 0;
      const url = route.url.replace(/:(\w+)/g, () => pathSegment(pathValues[i++]));
      return {
        method: route.method as InjectOptions['method'],
        url,
        query: q,
        ...b,
        headers: { ...(b.headers ?? {}), ...(language !== null ? { 'accept-language': language } : {}) },
      };
    });
}
