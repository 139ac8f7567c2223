import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from './file-content.js';

describe('safeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Windows\\evil.pdf', 'evil.pdf'],
    ['a\u0000b\r\n.pdf', 'ab.pdf'],
    ['dir/', 'file'],
    ['x'.repeat(300), 'x'.repeat(255)],
  ])('%j → %j', (sent, stored) => expect(safeFileName(sent)).toBe(stored));
});

describe('attachmentDisposition', () => {
  it('encodes what RFC 5987 attr-char leaves out, and quotes a safe ASCII fallback', () => {
    expect(attachmentDisposition(`d'Artagnan "1"*.pdf`)).toBe(
      `attachment; filename="d'Artagnan _1_*.pdf"; filename*=UTF-8''d%27Artagnan%20%221%22%2A.pdf`,
    );
  });
});
