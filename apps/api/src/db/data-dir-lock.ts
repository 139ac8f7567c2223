import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * One process per embedded database (DESIGN §4b, decision 0300). PGlite is PostgreSQL inside this
 * process's memory: a second process on the same data directory does not wait or fail, it diverges
 * silently and its writes are lost. So whoever opens it first writes a lock file beside it, and
 * everyone else is refused until that process is gone.
 */

/** Who holds (or wants) the lock, as the refusal message names it. */
export interface LockOwner {
  /** 'the Balie server', 'the command "migrate"', … */
  what: string;
  /** Where the holder's screens are, when it is a server: the advice points there. */
  url?: string;
}

/** The lock file's content: enough to tell a live holder from a dead one whose pid was reused. */
export interface LockHolder extends LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat), null where unknown. */
  startTime: string | null;
  /** The kernel's boot id: a lock from before a reboot is stale whatever its pid. */
  bootId: string | null;
  since: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(lockedMessage(lockFile, holder, 'command'));
  }
}

/** What a refused process prints: who holds the folder, why that matters, and what to do instead. */
export function lockedMessage(lockFile: string, holder: LockHolder, refused: 'server' | 'command'): string {
  const self = holder.pid === process.pid;
  const who = self
    ? 'this process already'
    : `${holder.what} (process ${holder.pid}, since ${holder.since}${holder.url ? `, ${holder.url}` : ''})`;
  const instead =
    refused === 'server'
      ? 'Stop it first, or give this server its own DATA_DIR (or use PostgreSQL, which several servers can share).'
      : `Stop it first and run this again${holder.url ? `, or do it in the admin screens at ${holder.url}` : ''}.`;
  // Without /proc a reused pid keeps the lock: then a person has to judge, and needs to know how.
  const byHand = holder.startTime ? '' : ` (If no such process runs, remove ${lockFile}.)`;
  return (
    `The embedded database in ${lockFile.replace(/\.lock$/, '')} is in use by ${who}. ` +
    `It allows one process at a time; a second one would lose data. ${instead}${byHand}`
  );
}

export interface DataDirLock {
  /** The holder whose abandoned lock was taken over (it did not shut down cleanly), if any. */
  tookOverFrom: LockHolder | undefined;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release: () => void;
}

/** Lock files this process holds: a second open in the same process would diverge just the same. */
const held = new Set<string>();

/**
 * Takes `lockFile` for this process or throws DataDirLockedError naming the live holder. Creation is
 * atomic (`wx`); a lock whose process is gone (kill -9, power cut) or whose pid now belongs to another
 * process is taken over, so a crash never blocks the next start.
 */
export function lockDataDir(lockFile: string, owner: LockOwner): DataDirLock {
  if (held.has(lockFile)) throw new DataDirLockedError(lockFile, readHolder(lockFile) ?? holderOf(owner));
  const me = holderOf(owner);
  const content = JSON.stringify(me);
  let tookOverFrom: LockHolder | undefined;
  const hold = (): DataDirLock => {
    held.add(lockFile);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.delete(lockFile);
      process.off('exit', release);
      // Only our own file: had someone wrongly taken it over, removing theirs would open the door.
      if (readRaw(lockFile) === content) unlinkQuietly(lockFile);
    };
    // A process.exit() without close() still lets go (kill -9 cannot: the next start takes over).
    process.on('exit', release);
    return { tookOverFrom, release };
  };
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (createExclusive(lockFile, content)) return hold();
    const raw = readSettled(lockFile);
    if (raw === undefined) continue; // removed meanwhile: try again
    const holder = parseHolder(raw);
    if (holder && isAlive(holder)) throw new DataDirLockedError(lockFile, holder);
    const took = replaceStale(lockFile, raw, content, me);
    if (took === 'ours') {
      tookOverFrom = holder ?? undefined;
      return hold();
    }
    // 'busy': another process is replacing this very lock right now; its outcome is read next round.
    if (took === 'busy') pause(10);
  }
  throw new Error(`Could not take the lock ${lockFile}: other processes keep changing it`);
}

/**
 * Replaces the stale lock `judged` by `content` (or only removes it: null), alone among all processes that judged that same content
 * stale. Removing and creating are two steps, and a rename-aside-and-put-back (the first design) left a
 * moment without a lock file in which a third process could take it beside the taker (CI saw two
 * holders). So the taker first creates a mutex named after the stale content: only one process can
 * create it, the content it names is compared under it, and nobody but a holder of that mutex ever
 * removes a lock file with that content. A newcomer may still create the lock between our removal and
 * our creation; then it holds it, and we find it live on the next round.
 *
 * 'ours': we now hold the lock; 'gone': the judged lock is no longer there (read again);
 * 'busy': another live process holds the mutex.
 */
function replaceStale(
  file: string,
  judged: string,
  content: string | null,
  me: LockHolder,
): 'ours' | 'gone' | 'busy' {
  const mutex = `${file}.takeover-${createHash('sha256').update(judged).digest('hex').slice(0, 16)}`;
  if (!createExclusive(mutex, JSON.stringify(me))) {
    const raw = readSettled(mutex);
    if (raw === undefined) return 'gone'; // its holder just finished: the lock file has changed
    const holder = parseHolder(raw);
    if (holder && isAlive(holder)) return 'busy';
    // Its taker died between two system calls: the mutex itself is stale, and is removed the same way.
    replaceStale(mutex, raw, null, me);
    return 'gone';
  }
  try {
    if (readRaw(file) !== judged) return 'gone';
    unlinkQuietly(file);
    return content !== null && createExclusive(file, content) ? 'ours' : 'gone';
  } finally {
    unlinkQuietly(mutex);
  }
}

/** Blocks this thread for `ms`: lockDataDir is synchronous, as the start that calls it. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function holderOf(owner: LockOwner): LockHolder {
  return {
    ...owner,
    pid: process.pid,
    startTime: startTimeOf(process.pid),
    bootId: bootId(),
    since: new Date().toISOString(),
  };
}

/** Creates the file only if it does not exist; false when it does. */
function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readRaw(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * The file's content once its writer has written it: between `open(wx)` and `write` it is empty for a
 * moment. Still empty or unreadable after a second, it is debris of a crash and counts as stale.
 */
function readSettled(file: string): string | undefined {
  const until = Date.now() + 1000;
  for (;;) {
    const raw = readRaw(file);
    if (raw === undefined || parseHolder(raw) || Date.now() > until) return raw;
    pause(20);
  }
}

function parseHolder(raw: string): LockHolder | null {
  try {
    const h = JSON.parse(raw) as Partial<LockHolder>;
    return typeof h.pid === 'number' && typeof h.what === 'string' ? (h as LockHolder) : null;
  } catch {
    return null;
  }
}

function readHolder(file: string): LockHolder | null {
  const raw = readRaw(file);
  return raw === undefined ? null : parseHolder(raw);
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/**
 * Whether the lock's process still runs. Our own pid in a file we do not hold is a previous process
 * that had the same pid (a container restarts with the same pids). Where /proc tells the start time
 * and boot, a pid that now belongs to another process does not count; elsewhere a reused pid keeps
 * the lock until it is removed by hand, which the message explains (decision 0300).
 */
function isAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid || !Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  const started = startTimeOf(holder.pid);
  return !(holder.startTime && started && holder.startTime !== started);
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}
