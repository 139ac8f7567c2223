import type { DbOrTx } from '../db/client.js';
import { outbox, type StoredMail } from '../db/schema/index.js';
import type { RenderedMail } from './registry.js';

/**
 * Queues a mail in the same transaction as the change it reports (DESIGN §7). The payload holds ids
 * only: tokens and texts are derived by the kind's renderer when the worker sends it.
 */
export async function enqueueMail(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const [row] = await tx.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/**
 * Queues a mail rendered now, for when the data it is rendered from is erased before the worker gets to
 * it (the cancellation sent with an erasure on request, decision 0371). The worker sends the stored
 * content and empties it in the same update that marks the row sent.
 */
export async function enqueueRenderedMail(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
  mail: RenderedMail,
): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ kind, payload, content: storedMail(mail) })
    .returning({ id: outbox.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

function storedMail(mail: RenderedMail): StoredMail {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    language: mail.language,
    ...(mail.attachments
      ? {
          attachments: mail.attachments.map(({ content, ...a }) => ({
            ...a,
            contentBase64: Buffer.from(content).toString('base64'),
          })),
        }
      : {}),
  };
}

/** The mail a stored content describes, as a renderer would have given it. */
export function mailOfStored(stored: StoredMail): RenderedMail {
  return {
    to: stored.to,
    subject: stored.subject,
    text: stored.text,
    ...(stored.html === undefined ? {} : { html: stored.html }),
    language: stored.language,
    ...(stored.attachments
      ? {
          attachments: stored.attachments.map(({ contentBase64, ...a }) => ({
            ...a,
            content: Buffer.from(contentBase64, 'base64'),
          })),
        }
      : {}),
  };
}
