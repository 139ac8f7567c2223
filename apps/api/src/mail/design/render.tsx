import { render } from '@react-email/render';
import { plainTextOf, type MailContent } from './content.js';
import { MailDocument } from './MailDocument.js';

/** The HTML and plain-text parts of one mail. */
export async function renderMail(c: MailContent): Promise<{ html: string; text: string }> {
  return { html: await render(<MailDocument c={c} />), text: plainTextOf(c) };
}
