/**
 * BENCH_MEMORY_DETAIL=1: loaded into each API server with `node --import` (api-process.ts). On SIGUSR2
 * it appends one JSON line to MEMORY_PROBE_OUT with where the process's memory is (decision 0255):
 * VmRSS against the V8 heap, the WebAssembly memories (PGlite's PostgreSQL) and what is left
 * (malloc, compiled code, stacks). The server itself knows nothing of it.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';

export interface MemoryDetail {
  /** All in MB. */
  vmRss: number;
  vmHwm: number;
  /** node's own binary and libraries, mapped from files. */
  rssFile: number;
  rssAnon: number;
  heapTotal: number;
  heapUsed: number;
  /** Resident part of the WebAssembly memories / their declared size. */
  wasmResident: number;
  wasmSize: number;
  /** Young generation's size (V8 grows its semi-spaces up to 16 MB each by default). */
  newSpace: number;
}

// The bench compiles without the DOM library, which is where TypeScript declares WebAssembly.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
type WasmMemoryConstructor = new (descriptor: { initial: number; maximum?: number }) => WasmMemory;
const wasm = (globalThis as unknown as { WebAssembly: { Memory: WasmMemoryConstructor } }).WebAssembly;

const memories: WasmMemory[] = [];
// Every WebAssembly.Memory made after this module loads is a TrackedMemory, so PGlite's can be found.
class TrackedMemory extends wasm.Memory {
  constructor(descriptor: { initial: number; maximum?: number }) {
    super(descriptor);
    memories.push(this);
  }
}
wasm.Memory = TrackedMemory;

const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;

/** Resident kB of the mappings that are exactly a WebAssembly memory's current size. */
function wasmResidentKb(): number {
  const sizes = new Set(memories.map((m) => m.buffer.byteLength));
  let kb = 0;
  let size = 0;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) size = parseInt(range[2]!, 16) - parseInt(range[1]!, 16);
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && sizes.has(size)) kb += Number(rss[1]);
  }
  return kb;
}

export function memoryDetail(): MemoryDetail {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const usage = process.memoryUsage();
  const newSpace = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return {
    vmRss: mb(kb('VmRSS') * 1024),
    vmHwm: mb(kb('VmHWM') * 1024),
    rssFile: mb(kb('RssFile') * 1024),
    rssAnon: mb(kb('RssAnon') * 1024),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    wasmResident: mb(wasmResidentKb() * 1024),
    wasmSize: mb(memories.reduce((sum, m) => sum + m.buffer.byteLength, 0)),
    newSpace: mb(newSpace?.space_size ?? 0),
  };
}

const out = process.env.MEMORY_PROBE_OUT;
if (out) process.on('SIGUSR2', () => appendFileSync(out, JSON.stringify(memoryDetail()) + '\n'));
