import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
/**
 * A lazy page chunk of the guest booking route /new, when there is one. Since decision 0100 /new is part
 * of the entry chunk, so usually there is none and the entry and its static imports are the whole count.
 */
const NEW_PAGE_CHUNK = /^NewAppointmentPage-[\w-]+\.js$/;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface WebBudget {
  skipped?: string;
  /** JS the browser loads for /new before the first interaction: entry + preloads (+ a lazy page chunk if any), with every static import. */
  chunks: ChunkSize[];
  totalGzipKb: number;
  /** Chunks the page only imports dynamically (later steps, the calendar): not counted. */
  lazyAfterInteraction: string[];
  /** Largest source modules inside the counted chunks (minified bytes from the source maps; gzip shared out pro rata). */
  largestModules: Array<{ module: string; bytes: number; approxGzipKb: number }>;
  largestPackages: Array<{ module: string; bytes: number; approxGzipKb: number }>;
}

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g;

const gz = (content: Buffer) => gzipSync(content, { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The JavaScript budget of /new (DESIGN §10), read from the built files of apps/web/dist. */
export function measureWebBudget(): WebBudget {
  const empty = {
    chunks: [],
    totalGzipKb: NaN,
    lazyAfterInteraction: [],
    largestModules: [],
    largestPackages: [],
  };
  const indexHtml = path.join(DIST, 'index.html');
  if (!existsSync(indexHtml))
    return { ...empty, skipped: `${indexHtml} is missing: run npm run build -w apps/web` };
  const html = readFileSync(indexHtml, 'utf8');
  const assets = path.join(DIST, 'assets');
  const entries = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/assets\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const page = readdirSync(assets).find((f) => NEW_PAGE_CHUNK.test(f));
  if (entries.length === 0) return { ...empty, skipped: `no module script in ${indexHtml}` };

  const loaded = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) visit(m[1]!);
    for (const m of code.matchAll(DYNAMIC_IMPORT)) dynamic.add(m[1]!);
  };
  for (const file of page ? [...entries, page] : entries) visit(file);

  const chunks = [...loaded]
    .map((file) => {
      const content = readFileSync(path.join(assets, file));
      return { file, bytes: content.length, gzipBytes: gz(content) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const modules = moduleSizes(assets, chunks);
  return {
    chunks,
    totalGzipKb: kb(chunks.reduce((s, c) => s + c.gzipBytes, 0)),
    lazyAfterInteraction: [...dynamic].filter((f) => !loaded.has(f)).sort(),
    largestModules: top(modules.byModule),
    largestPackages: top(modules.byPackage),
  };
}

function top(map: Map<string, { bytes: number; gzip: number }>) {
  return [...map]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 12)
    .map(([module, s]) => ({ module, bytes: s.bytes, approxGzipKb: kb(s.gzip) }));
}

/** Which package a source path belongs to: node_modules/<pkg> (scoped too), otherwise the app's own folder. */
function packageOf(source: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (m) return m[1]!;
  const own = /(apps\/web\/src\/[^/]+(?:\/[^/]+)?|packages\/shared\/src)/.exec(source);
  return own ? own[1]! : source;
}

/** Attributes each chunk's minified bytes to source modules through its source map (when there is one). */
function moduleSizes(assets: string, chunks: ChunkSize[]) {
  const byModule = new Map<string, { bytes: number; gzip: number }>();
  const byPackage = new Map<string, { bytes: number; gzip: number }>();
  const add = (map: typeof byModule, key: string, bytes: number, gzip: number) => {
    const s = map.get(key) ?? { bytes: 0, gzip: 0 };
    map.set(key, { bytes: s.bytes + bytes, gzip: s.gzip + gzip });
  };
  for (const chunk of chunks) {
    const mapFile = path.join(assets, `${chunk.file}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    const code = readFileSync(path.join(assets, chunk.file), 'utf8').split('\n');
    const perSource = bytesPerSource(map.mappings, code);
    for (const [index, bytes] of perSource) {
      const source = (map.sources[index] ?? '?').replace(/^(\.\.\/)+/, '');
      const gzip = (bytes / chunk.bytes) * chunk.gzipBytes;
      add(byModule, source.replace(/^.*node_modules\//, ''), bytes, gzip);
      add(byPackage, packageOf(source), bytes, gzip);
    }
  }
  return { byModule, byPackage };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes the VLQ mappings and credits every generated column span to the source of its segment. */
function bytesPerSource(mappings: string, lines: string[]): Map<number, number> {
  const totals = new Map<number, number>();
  let source = 0;
  mappings.split(';').forEach((line, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    const segments: Array<{ column: number; source: number }> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values = decodeVlq(segment);
      column += values[0]!;
      if (values.length >= 4) {
        source += values[1]!;
        segments.push({ column, source });
      } else segments.push({ column, source: -1 });
    }
    segments.forEach((s, i) => {
      const end = segments[i + 1]?.column ?? lineLength;
      if (s.source >= 0) totals.set(s.source, (totals.get(s.source) ?? 0) + Math.max(0, end - s.column));
    });
  });
  return totals;
}

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = B64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
