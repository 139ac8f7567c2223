import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('never removes a lock that another process took over meanwhile', () => {
    const lock = lockDataDir(lockFile, { what: 'the Balie server' });
    const theirs = JSON.stringify({ what: 'the Balie server', pid: 1, startTime: null, since: 'x' });
    writeFileSync(lockFile, theirs);
    lock.release();
    expect(readFileSync(lockFile, 'utf8')).toBe(theirs);
  });

  it('lets exactly one of several processes racing for an abandoned lock have it', async () => {
    const { child, holder } = await otherProcess();
    writeFileSync(lockFile, JSON.stringify(holder));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    // Each tries at the same signal (a file appearing), holds what it got for a second, and says so.
    const go = path.join(dir, 'go');
    const script = `
      import { existsSync } from 'node:fs';
      import { lockDataDir } from ${JSON.stringify(module)};
      console.log('ready');
      while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 5));
      try { lockDataDir(${JSON.stringify(lockFile)}, { what: 'racer' }); console.log('got'); }
      catch (err) { console.log(err.name); }
      await new Promise((r) => setTimeout(r, 1000));`;
    const racers = Array.from({ length: 4 }, () => {
      const racer = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(racer);
      let out = '';
      const ready = new Promise((r) =>
        racer.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.startsWith('ready')) r(undefined);
        }),
      );
      const said = new Promise<string>((r) => racer.once('exit', () => r(out.replace('ready', '').trim())));
      return { ready, said };
    });
    // Every racer is waiting for the signal before it is given.
    await Promise.all(racers.map((r) => r.ready));
    writeFileSync(go, '');
    const results = await Promise.all(racers.map((r) => r.said));
    expect(results.filter((r) => r === 'got')).toHaveLength(1);
    expect(results.filter((r) => r === 'DataDirLockedError')).toHaveLength(3);
  }, 30_000);
});
