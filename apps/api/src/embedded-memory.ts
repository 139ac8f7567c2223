import v8 from 'node:v8';

/**
 * V8 settings for the embedded default (no DATABASE_URL), which DESIGN §10 holds to 250 MB resident
 * during the read runs (decision 0255). Measured on the bench's full data set, the process peaked at
 * 363–452 MB, and the PGlite WebAssembly memory was never the cause (30 MB of its 128 MB resident):
 *
 * - `--liftoff-only`: PGlite's 9 MB WebAssembly module also gets optimised (TurboFan) code, and that
 *   compilation leaves ≈ 70 MB in malloc arenas for good; the baseline (Liftoff) code alone costs
 *   PostgreSQL inside PGlite ≈ 25 % more CPU per statement (the reads query it about once a second,
 *   for the busy snapshot of decision 0110).
 * - `--heap-growing-percent=20`: under the reads V8 let the old generation fill to 190 MB of garbage
 *   (the live heap stays ≈ 50 MB); the next full GC now comes at 1.2× the live heap.
 * - `--semi-space-growth-factor=1`: the young generation stays at its initial 1 MB semi-spaces instead
 *   of growing to 16 MB each (`--max-semi-space-size` only works on the node command line).
 *
 * Together they cost the reads ≈ 15–25 % more CPU per request, not latency (decision 0255).
 *
 * Each is read by V8 when it is next used, so setting them before the server's modules load and before
 * PGlite compiles its module works without a node command-line flag. PostgreSQL (DATABASE_URL)
 * keeps V8's defaults: its process has no WebAssembly, and its write throughput is the concern there.
 */
export const EMBEDDED_V8_FLAGS = [
  '--liftoff-only',
  '--heap-growing-percent=20',
  '--semi-space-growth-factor=1',
] as const;

/** The flags a server process gets: the embedded default's, none with DATABASE_URL. */
export function embeddedV8Flags(env: NodeJS.ProcessEnv): readonly string[] {
  return env.DATABASE_URL ? [] : EMBEDDED_V8_FLAGS;
}

/** Sets them; main.ts does so before it loads the server. */
export function limitEmbeddedMemory(env: NodeJS.ProcessEnv): void {
  for (const flag of embeddedV8Flags(env)) v8.setFlagsFromString(flag);
}
