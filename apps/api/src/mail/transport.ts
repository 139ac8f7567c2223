import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { RenderedMail } from './registry.js';

export interface MailTransport {
  /** Delivers one mail; resolves with a description of where it went (file path or SMTP answer). */
  send(mail: RenderedMail): Promise<string>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/mail (DESIGN §3),
 * which any mail program opens.
 */
export function createMailTransport(config: Config, log: (msg: string) => void = console.log): MailTransport {
  const message = (mail: RenderedMail) => ({
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      ...(a.method ? { method: a.method } : {}),
    })),
    headers: { 'Content-Language': mail.language },
  });

  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (mail) => {
        const info = await smtp.sendMail(message(mail));
        return `smtp ${info.messageId} ${info.response}`;
      },
      close: () => smtp.close(),
    };
  }

  const dir = path.join(config.dataDir, 'mail');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    send: async (mail) => {
      const info = await stream.sendMail(message(mail));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${process.pid}-${++counter}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`Mail written to ${file}`);
      return file;
    },
    close: () => stream.close(),
  };
}
