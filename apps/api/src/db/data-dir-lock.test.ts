import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, startTimeOf, type LockHolder } from './data-dir-lock.js';

/** The lock of DESIGN §4b on real files and real processes (the built product's test: e2e/one-process). */
describe('lockDataDir', () => {
  let dir: string;
  let lockFile: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'balie-lock-'));
    lockFile = path.join(dir, 'db.lock');
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  /** A live process that is not this one, and what a lock file of it would say. */
  const otherProcess = async () => {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(child);
    await new Promise((r) => child.once('spawn', r));
    const holder: LockHolder = {
      what: 'the Balie server',
      url: 'http://balie.example',
      pid: child.pid!,
      startTime: startTimeOf(child.pid!),
      bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
      since: '2026-11-25T09:00:00.000Z',
    };
    return { child, holder };
  };
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof DataDirLockedError) return err;
      throw err;
    }
    throw new Error('not refused');
  };

  it('is taken once per process and released for the next opener', () => {
    const lock = lockDataDir(lockFile, { what: 'the Balie server' });
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    // Opening the same directory twice in one process diverges just as two processes do.
    expect(refusal(() => lockDataDir(lockFile, { what: 'a test' })).message).toContain(
      'in use by this process already',
    );
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lock.release();
    const next = lockDataDir(lockFile, { what: 'the command "migrate"' });
    expect(next.tookOverFrom).toBeUndefined();
    next.release();
  });

  it('refuses while the holding process lives, naming it and what to do instead', async () => {
    const { holder } = await otherProcess();
    writeFileSync(lockFile, JSON.stringify(holder));
    const err = refusal(() => lockDataDir(lockFile, { what: 'the command "seed"' }));
    expect(err.holder.pid).toBe(holder.pid);
    expect(err.message).toBe(
      `The embedded database in ${path.join(dir, 'db')} is in use by the Balie server (process ${holder.pid}, ` +
        'since 2026-11-25T09:00:00.000Z, http://balie.example). It allows one process at a time; a second ' +
        'one would lose data. Stop it first and run this again, or do it in the admin screens at http://balie.example.',
    );
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual(holder);
  });

  it('takes over a lock whose process is gone (kill -9)', async () => {
    const { child, holder } = await otherProcess();
    writeFileSync(lockFile, JSON.stringify(holder));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const lock = lockDataDir(lockFile, { what: 'the Balie server' });
    expect(lock.tookOverFrom).toEqual(holder);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process, or to this one', async () => {
    const { holder } = await otherProcess();
    // Same pid, started at another moment: the pid was reused after the holder died.
    writeFileSync(lockFile, JSON.stringify({ ...holder, startTime: '1' }));
    const reused = lockDataDir(lockFile, { what: 'the Balie server' });
    expect(reused.tookOverFrom?.pid).toBe(holder.pid);
    reused.release();
    // Before a reboot: whatever runs with that pid now is not the holder.
    writeFileSync(lockFile, JSON.stringify({ ...holder, bootId: 'another-boot' }));
    const rebooted = lockDataDir(lockFile, { what: 'the Balie server' });
    expect(rebooted.tookOverFrom?.pid).toBe(holder.pid);
    rebooted.release();
    // A container restarts with the same pids: our own pid in a lock we do not hold is a predecessor's.
    writeFileSync(lockFile, JSON.stringify({ ...holder, pid: process.pid }));
    const own = lockDataDir(lockFile, { what: 'the Balie server' });
    expect(own.tookOverFrom?.pid).toBe(process.pid);
    own.release();
  });

  it('takes over an empty lock file (a crash between creating and writing it)', () => {
    writeFileSync(lockFile, '');
    const lock = lockDataDir(lockFile, { what: 'the Balie server' });
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over even when an earlier taker died while replacing the abandoned lock', async () => {
    const { child, holder } = await otherProcess();
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const stale = JSON.stringify(holder);
    writeFileSync(lockFile, stale);
    // The taker's mutex, named after the content it replaces, left behind by a taker that died too.
    const mutex = `${lockFile}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
    writeFileSync(mutex, JSON.stringify({ ...holder, what: 'racer' }));
    const lock = lockDataDir(lockFile, { what: 'the Balie server' });
    expect(lock.tookOverFrom).toEqual(holder);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never removes a lock that another process took over meanwhile', () => {
    const lock = lockDataDir(lockFile, { what: 'the Balie server' });
    const theirs = JSON.stringify({ what: 'the Balie server', pid: 1, startTime: null, since: 'x' });
    writeFileSync(lockFile, theirs);
    lock.release();
    expect(readFileSync(lockFile, 'utf8')).toBe(theirs);
  });

  it('lets exactly one of several processes racing for an abandoned lock have it, round after round', async () => {
    const { child, holder } = await otherProcess();
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    const rounds = 300;
    const signal = (name: string, round: number) => path.join(dir, `${name}-${round}`);
    // Each round every racer tries at the same signal (a file appearing) and says what it got; the
    // winner holds the lock until every racer has spoken, so a late racer cannot take a released one.
    const script = `
      import { existsSync } from 'node:fs';
      import { lockDataDir } from ${JSON.stringify(module)};
      const until = async (f) => { while (!existsSync(f)) await new Promise((r) => setTimeout(r, 2)); };
      console.log('ready');
      for (let round = 0; round < ${rounds}; round++) {
        await until(${JSON.stringify(dir)} + '/go-' + round);
        let lock;
        try { lock = lockDataDir(${JSON.stringify(lockFile)}, { what: 'racer' }); console.log(round + ' got'); }
        catch (err) { console.log(round + ' ' + err.name); }
        await until(${JSON.stringify(dir)} + '/end-' + round);
        lock?.release();
        console.log(round + ' done');
      }`;
    const racers = Array.from({ length: 4 }, () => {
      const racer = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(racer);
      const lines: string[] = [];
      const waiters: (() => void)[] = [];
      let rest = '';
      racer.stdout.on('data', (d: Buffer) => {
        const parts = (rest + d.toString()).split('\n');
        rest = parts.pop()!;
        lines.push(...parts);
        for (const wake of waiters.splice(0)) wake();
      });
      racer.once('exit', () => {
        for (const wake of waiters.splice(0)) wake();
      });
      /** The line that starts with `prefix`, once the racer has printed it. */
      const line = async (prefix: string): Promise<string> => {
        for (;;) {
          const found = lines.find((l) => l.startsWith(prefix));
          if (found !== undefined) return found.slice(prefix.length).trim();
          if (racer.exitCode !== null) throw new Error(`racer exited (${racer.exitCode}) before "${prefix}"`);
          await new Promise<void>((r) => waiters.push(r));
        }
      };
      return { line };
    });
    await Promise.all(racers.map((r) => r.line('ready')));
    for (let round = 0; round < rounds; round++) {
      // A new abandoned lock each round (its own moment, so each round's stale content differs).
      writeFileSync(
        lockFile,
        JSON.stringify({ ...holder, since: `2026-11-25T09:00:${String(round).padStart(2, '0')}.000Z` }),
      );
      writeFileSync(signal('go', round), '');
      const said = await Promise.all(racers.map((r) => r.line(`${round} `)));
      expect(
        said.filter((s) => s === 'got'),
        `round ${round}: ${said.join(', ')}`,
      ).toHaveLength(1);
      expect(said.filter((s) => s === 'DataDirLockedError')).toHaveLength(3);
      writeFileSync(signal('end', round), '');
      await Promise.all(racers.map((r) => r.line(`${round} done`)));
    }
    // No lock and no taker's mutex is left behind.
    expect(readdirSync(dir).filter((f) => f.startsWith('db.lock'))).toEqual([]);
  }, 60_000);
});
