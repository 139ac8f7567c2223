import type { Config } from '../config.js';
import { brandOf } from './design/content.js';

/** Who a mail is from, as nodemailer takes it (it quotes and encodes the name itself). */
export interface Sender {
  name: string;
  address: string;
}

/** `Gemeente <balie@example.nl>` → its name and address; a bare address is both. */
export function parseAddress(from: string): Sender {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1] || m[2]!, address: m[2]! } : { name: from, address: from };
}

/**
 * The sender of every mail (decision 0427): MAIL_FROM as the operator wrote it; without it the
 * organisation's name — read when the mail goes out, so a renamed organisation sends under its new name —
 * at the default address (no-reply at PUBLIC_URL's host, decision 0330). Visitors see the municipality,
 * never the product's name.
 */
export function senderOf(
  config: Pick<Config, 'mailFrom' | 'mailFromSet'>,
  organisation: { name: string },
): Sender {
  const from = parseAddress(config.mailFrom);
  return config.mailFromSet ? from : { name: brandOf(organisation), address: from.address };
}
