import v8 from 'node:v8';

/**
 * V8 settings that keep a server process's resident memory near what it really uses (DESIGN §10: 250 MB
 * for the embedded default during the reads, 200 MB per process on PostgreSQL under write load).
 * Measured on the bench's full data set, the live heap stays ≈ 50 MB while V8, left to itself, lets
 * garbage fill the old generation to 150–230 MB (decisions 0255 and 0272):
 *
 * - `--heap-growing-percent=20`: the next full GC comes at 1.2× the live heap.
 * - `--semi-space-growth-factor=1`: the young generation stays at its initial 1 MB semi-spaces instead
 *   of growing to 16 MB each (`--max-semi-space-size` only works on the node command line).
 *
 * On PostgreSQL the two took a process from 268–291 to 165–171 MB peak under reads and writes, at the
 * same CPU time per booking (0272).
 */
export const HEAP_V8_FLAGS = ['--heap-growing-percent=20', '--semi-space-growth-factor=1'] as const;

/**
 * Only for the embedded default (no DATABASE_URL): PGlite's 9 MB WebAssembly module also gets
 * optimised (TurboFan) code, whose compilation leaves ≈ 70 MB in malloc arenas for good. Baseline
 * (Liftoff) code alone costs PostgreSQL inside PGlite ≈ 25 % more CPU per statement (0255).
 */
export const EMBEDDED_V8_FLAGS = ['--liftoff-only'] as const;

/** The flags a server process gets. */
export function serverV8Flags(env: NodeJS.ProcessEnv): readonly string[] {
  return env.DATABASE_URL ? HEAP_V8_FLAGS : [...HEAP_V8_FLAGS, ...EMBEDDED_V8_FLAGS];
}

/**
 * Sets them; main.ts does so before it loads the server. V8 reads each when it is next used, so no node
 * command-line flag is needed; a flag V8 no longer knows would be ignored silently, which
 * server-memory.test.ts guards against.
 */
export function limitServerMemory(env: NodeJS.ProcessEnv): void {
  for (const flag of serverV8Flags(env)) v8.setFlagsFromString(flag);
}
