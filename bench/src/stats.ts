export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles of latencies in ms, rounded to 0.1 ms. */
export function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  const round = (v: number) => Math.round(v * 10) / 10;
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: round(rank(0.5)),
    p95: round(rank(0.95)),
    p99: round(rank(0.99)),
    max: round(sorted.at(-1) ?? NaN),
    mean: round(sum / sorted.length),
  };
}

/**
 * Runs `task` from `clients` concurrent loops until `total` tasks ran or `maxMs` passed, whichever
 * comes first. Every loop the bench runs goes through here, so none is unbounded.
 */
export async function runBounded<T>(
  opts: { clients: number; total: number; maxMs: number },
  task: (index: number, client: number) => Promise<T>,
): Promise<{ results: T[]; elapsedMs: number }> {
  const started = Date.now();
  const deadline = started + opts.maxMs;
  const results: T[] = [];
  let next = 0;
  const loop = async (client: number) => {
    while (next < opts.total && Date.now() < deadline) {
      const index = next++;
      results.push(await task(index, client));
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, (_, c) => loop(c)));
  return { results, elapsedMs: Date.now() - started };
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
