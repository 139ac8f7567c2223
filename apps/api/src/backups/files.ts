import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import type { Backup } from '@balie/shared';

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/** `balie-2026-11-28T01-30-00-000Z.tar.gz`: the UTC moment it was made, sortable, safe on any disk. */
const NAME = /^balie-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

export function backupName(at: Date): string {
  return `balie-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/** The moment a backup's name says it was made, or null for a file that is not a backup. */
export function createdAtOf(file: string): Date | null {
  const m = NAME.exec(file);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

/** The backups in `dir`, newest first; a missing folder has none. Temporary files are not backups. */
export async function listBackups(dir: string): Promise<Backup[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const found: Backup[] = [];
  for (const file of names) {
    const createdAt = createdAtOf(file);
    if (!createdAt) continue;
    const { size } = await stat(path.join(dir, file));
    found.push({ file, size, createdAt: createdAt.toISOString() });
  }
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Writes the tar compressed under a temporary name and renames it when complete: a crash or a full
 * disk leaves a `.partial` file that no listing, prune or restore takes for a backup.
 */
export async function writeBackupFile(dir: string, file: string, tar: Uint8Array): Promise<number> {
  await mkdir(dir, { recursive: true });
  const compressed = await gzip(tar);
  const partial = path.join(dir, `.${file}.partial`);
  try {
    await writeFile(partial, compressed, { flush: true });
    await rename(partial, path.join(dir, file));
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return compressed.byteLength;
}

/** The tar inside a backup file; throws on a file that is not gzip (damaged, truncated, something else). */
export async function readBackupTar(file: string): Promise<Buffer> {
  return gunzip(await readFile(file));
}

/** Removes all but the newest `keep` backups; returns the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const b of old) await rm(path.join(dir, b.file), { force: true });
  return old.map((b) => b.file);
}
