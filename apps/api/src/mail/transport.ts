import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { mailDirOf, mailFileName } from './mail-files.js';
import type { RenderedMail } from './registry.js';
import type { Sender } from './sender.js';

/** SMTP connections kept open per process; the worker sends as many mails at once (decision 0141). */
export const SMTP_CONNECTIONS = 5;

export interface SendOptions {
  /** A Message-ID that stays the same when the same outbox row is sent again. */
  messageId?: string;
  /** The appointment the mail is about, if any: the file transport names it in the file's name. */
  appointmentId?: number;
  /** The sender decided for this mail (`senderOf`); MAIL_FROM when none is given. */
  from?: Sender;
}

export interface MailTransport {
  /** Delivers one mail; resolves with a description of where it went (file path or SMTP answer). */
  send(mail: RenderedMail, options?: SendOptions): Promise<string>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/mail (DESIGN §3),
 * which any mail program opens, named so that erasure and retention find the files of one address or
 * appointment without reading them (`mail-files.ts`, decision 0420).
 */
export function createMailTransport(config: Config, log: (msg: string) => void = console.log): MailTransport {
  const message = (mail: RenderedMail, options: SendOptions = {}) => ({
    ...(options.messageId ? { messageId: options.messageId } : {}),
    from: options.from ?? config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      ...(a.method ? { method: a.method } : {}),
      ...(a.cid ? { cid: a.cid, contentDisposition: 'inline' as const } : {}),
    })),
    headers: { 'Content-Language': mail.language },
  });

  if (config.smtpUrl) {
    // Pooled: connections stay open between mails and carry SMTP_CONNECTIONS mails at once. Short
    // timeouts: a server that hangs fails the attempt (retried later) instead of holding a lane for minutes.
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      maxMessages: 1000,
      // The outbox retries with back-off; the pool's own re-queue of a mail whose connection closed would
      // only hold the worker's lane while the server is down.
      maxRequeues: 0,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      send: async (mail, options) => {
        const info = await smtp.sendMail(message(mail, options));
        return `smtp ${info.messageId} ${info.response}`;
      },
      close: () => smtp.close(),
    };
  }

  const dir = mailDirOf(config);
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    send: async (mail, options) => {
      const info = await stream.sendMail(message(mail, options));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = mailFileName(
        `${stamp}-${process.pid}-${++counter}`,
        config.secret,
        mail.to,
        options?.appointmentId,
      );
      const file = path.join(dir, name);
      // The folder is made when a write finds it missing (the first mail, or after someone removed
      // it), not before every mail.
      await writeFile(file, info.message as Buffer).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      });
      log(`Mail written to ${file}`);
      return file;
    },
    close: () => stream.close(),
  };
}
