import { readFileSync } from 'node:fs';
import type { Query } from './databases.js';

/** Linux reports utime and stime in clock ticks of USER_HZ, which is 100 on every architecture Node runs on. */
const MS_PER_TICK = 10;

/**
 * CPU time (user + system) process `pid` has used since it started, in ms; 0 once it is gone. Unlike a
 * rate, this barely moves when other work shares the machine, so it is the figure to compare between runs.
 */
export function cpuMsOf(pid: number): number {
  try {
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server processes serving the bench's database (one per connection), when on this machine. */
async function backendsOf(query: Query): Promise<number[]> {
  const rows = await query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

export interface CpuUse {
  /** CPU ms used by the API processes. */
  apiMs: number;
  /** CPU ms used by PostgreSQL's backends for this database (null on PGlite: it runs inside the API). */
  databaseMs: number | null;
}

/**
 * Starts counting the CPU time of `pids` (the API processes) and, with `query`, of the database's
 * backends; the returned function gives what they used since. Backends that connect meanwhile count from
 * zero; one that closes before the end is lost (the pools keep theirs open during a run).
 */
export async function cpuMeter(pids: number[], query?: Query): Promise<() => Promise<CpuUse>> {
  const apiStart = pids.map(cpuMsOf);
  const backends = new Map<number, number>();
  if (query) for (const pid of await backendsOf(query)) backends.set(pid, cpuMsOf(pid));
  return async () => {
    const apiMs = pids.reduce((sum, pid, i) => sum + cpuMsOf(pid) - apiStart[i]!, 0);
    if (!query) return { apiMs, databaseMs: null };
    let databaseMs = 0;
    for (const pid of await backendsOf(query)) databaseMs += cpuMsOf(pid) - (backends.get(pid) ?? 0);
    return { apiMs, databaseMs };
  };
}
