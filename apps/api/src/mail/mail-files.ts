import { createHmac } from 'node:crypto';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * The file transport's mails (DATA_DIR/mail/*.eml, written when no SMTP_URL is set) hold a person's name
 * and address as long as they exist, so they must go with the data they carry (decision 0420). Their
 * names say whom and what they are about without reading them:
 *
 *   <time>-<pid>-<n>.to-<recipient key>[.appointment-<id>].eml
 *
 * The recipient key is an HMAC of the lower-cased, trimmed address under the server secret (never the
 * address: a directory listing must not be a list of visitors), the same in every process.
 */
export const mailDirOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'mail');

export function recipientKey(secret: string, address: string): string {
  return createHmac('sha256', secret)
    .update(`mail-file-recipient:${address.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 32);
}

/** What a mail file is about, as its name says. */
export interface MailFileAbout {
  /** The recipient's key (`recipientKey`); absent in files written before names carried it. */
  recipient?: string;
  appointmentId?: number;
}

export function mailFileName(stem: string, secret: string, to: string, appointmentId?: number): string {
  const about = appointmentId === undefined ? '' : `.appointment-${appointmentId}`;
  return `${stem}.to-${recipientKey(secret, to)}${about}.eml`;
}

export function aboutOf(name: string): MailFileAbout {
  const about: MailFileAbout = {};
  for (const part of name.replace(/\.eml$/, '').split('.')) {
    if (part.startsWith('to-')) about.recipient = part.slice(3);
    const id = /^appointment-(\d{1,15})$/.exec(part)?.[1];
    if (id) about.appointmentId = Number(id);
  }
  return about;
}

interface MailFile extends MailFileAbout {
  file: string;
}

/** The .eml files of DATA_DIR/mail (none when there is no such folder). */
export async function listMailFiles(config: Pick<Config, 'dataDir'>): Promise<MailFile[]> {
  if (!config.dataDir) return [];
  const dir = mailDirOf(config);
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith('.eml')).map((n) => ({ file: path.join(dir, n), ...aboutOf(n) }));
}

/** Deletes `files`; one another process deleted first is no error. Returns how many this call deleted. */
export async function deleteFiles(files: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const file of files) {
    if (
      await unlink(file).then(
        () => true,
        () => false,
      )
    )
      deleted++;
  }
  return deleted;
}

/** Deletes the mail files to `address` and those about any of `appointmentIds` (an erasure on request). */
export async function deleteMailFilesOf(
  config: Pick<Config, 'dataDir' | 'secret'>,
  address: string,
  appointmentIds: readonly number[],
): Promise<number> {
  const key = recipientKey(config.secret, address);
  const ids = new Set(appointmentIds);
  const files = await listMailFiles(config);
  return deleteFiles(
    files
      .filter((f) => f.recipient === key || (f.appointmentId !== undefined && ids.has(f.appointmentId)))
      .map((f) => f.file),
  );
}

/** Deletes the mail files last modified before `cutoff` (the retention period, by age). */
export async function deleteMailFilesBefore(config: Pick<Config, 'dataDir'>, cutoff: Date): Promise<number> {
  const old: string[] = [];
  for (const { file } of await listMailFiles(config)) {
    const info = await stat(file).catch(() => null);
    if (info && info.mtime < cutoff) old.push(file);
  }
  return deleteFiles(old);
}
