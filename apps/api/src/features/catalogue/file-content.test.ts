import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from './file-content.js';

const PDF = { mime: 'application/pdf', extensions: ['pdf'] };

describe('safeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd.pdf'],
    ['C:\\Windows\\evil.pdf', 'evil.pdf'],
    ['a\u0000b\r\n.pdf', 'ab.pdf'],
    ['dir/', 'file.pdf'],
    ['.pdf', 'file.pdf'],
    [`${'y'.repeat(300)}.PDF`, `${'y'.repeat(251)}.PDF`],
    ['x'.repeat(300), `${'x'.repeat(251)}.pdf`],
    ['v1.2 final', 'v1.2 final.pdf'],
    ['invoice\u202efdp.exe', 'invoicefdp.pdf'],
  ])('%j → %j', (sent, stored) => expect(safeFileName(sent, PDF)).toBe(stored));
});

describe('attachmentDisposition', () => {
  it('encodes what RFC 5987 attr-char leaves out, and quotes a safe ASCII fallback', () => {
    expect(attachmentDisposition(`d'Artagnan "1"*.pdf`)).toBe(
      `attachment; filename="d'Artagnan _1_*.pdf"; filename*=UTF-8''d%27Artagnan%20%221%22%2A.pdf`,
    );
  });
});
