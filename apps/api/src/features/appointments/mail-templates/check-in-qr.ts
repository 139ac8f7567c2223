import QRCode, { type QRCodeToBufferOptions } from 'qrcode';

/**
 * The check-in QR code travels as an inline PNG part referenced by `cid:` (decision 0170): Gmail and
 * Outlook block `data:` images and most clients do not draw inline SVG. It holds just the code, which
 * a desk's hand scanner types into the check-in field.
 */
export const QR_CID = 'check-in-code@balie';
export const QR_SIZE = 180;

/**
 * qrcode hands `rendererOpts` to pngjs as they are; its types list only the deflate settings. Grey (one
 * byte a pixel instead of four) and the one row filter that suits black-and-white modules ("up"): by
 * default pngjs tries all five filters on every row, which was half of a confirmation mail's CPU time.
 * The file shrinks too, from about 1 KB to 0.6 KB (decision 0270).
 */
const PNG_OPTIONS = { colorType: 0, inputHasAlpha: true, filterType: 2 };

export function checkInQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, {
    type: 'png',
    errorCorrectionLevel: 'M',
    width: QR_SIZE,
    margin: 2,
    rendererOpts: PNG_OPTIONS as QRCodeToBufferOptions['rendererOpts'],
  });
}
