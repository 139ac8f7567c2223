import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { checkInQrPng, QR_SIZE } from './check-in-qr.js';

// jsqr is CommonJS whose module.exports is the function; its types describe an ES default export.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

describe('the check-in QR code in mails', () => {
  it('is a PNG of QR_SIZE pixels that scans back to the code', async () => {
    for (const code of ['K7M4QX', 'ABCDEFGH', '23456789']) {
      const png = PNG.sync.read(await checkInQrPng(code));
      expect([png.width, png.height]).toEqual([QR_SIZE, QR_SIZE]);
      // pngjs hands back RGBA whatever the file's colour type, as jsQR wants it.
      const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(found?.data).toBe(code);
    }
  });

  it('stays small: grey pixels, one row filter', async () => {
    expect((await checkInQrPng('K7M4QX')).length).toBeLessThan(800);
  });
});
