import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { UiLanguage } from '@balie/shared';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType?: string;
  /** e.g. 'REQUEST' for an .ics invitation. */
  method?: string;
  /** Content-ID of an inline part the HTML shows as `<img src="cid:…">` (the check-in QR code). */
  cid?: string;
}

export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  language: UiLanguage;
}

export interface RenderContext {
  db: Db;
  config: Config;
}

/**
 * Renders one outbox row at send time. Return null when the mail has become pointless (e.g. the
 * appointment was deleted): the row is then marked done without sending.
 */
export type MailRenderer = (
  payload: Record<string, unknown>,
  ctx: RenderContext,
) => Promise<RenderedMail | null>;

const renderers = new Map<string, MailRenderer>();

/** Adds a mail kind; features call this at import time (e.g. 'appointment-confirmation'). */
export function registerMailKind(kind: string, render: MailRenderer): void {
  if (renderers.has(kind) && renderers.get(kind) !== render)
    throw new Error(`mail kind ${kind} registered twice`);
  renderers.set(kind, render);
}

export function rendererOf(kind: string): MailRenderer | undefined {
  return renderers.get(kind);
}
