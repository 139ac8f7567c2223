/**
 * An image's width and height read from its header, without decoding it (no image library): the PNG
 * IHDR, the JPEG frame header (SOFn, found by walking the segments before the scan), the WebP VP8, VP8L
 * or VP8X header. Null when the header is not where the format puts it: a browser could not show it either.
 */
export interface ImageSize {
  width: number;
  height: number;
}

export type RasterType = 'image/png' | 'image/jpeg' | 'image/webp';

export function imageSizeOf(content: Buffer, type: RasterType): ImageSize | null {
  switch (type) {
    case 'image/png':
      return pngSize(content);
    case 'image/jpeg':
      return jpegSize(content);
    case 'image/webp':
      return webpSize(content);
  }
}

const positive = (size: ImageSize): ImageSize | null => (size.width > 0 && size.height > 0 ? size : null);

/** The signature (8 bytes), then the first chunk, IHDR: length, type, width and height big-endian. */
function pngSize(b: Buffer): ImageSize | null {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return positive({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });
}

/**
 * Segments from SOI on: each `FF marker` and a big-endian length that counts itself. A frame header
 * (SOF0–3, 5–7, 9–11, 13–15; not DHT C4, JPG C8, DAC CC) holds precision, height, width. Reaching the
 * scan (SOS) or the end first: no size. A height of 0 (given later by a DNL segment) counts as unreadable.
 */
function jpegSize(b: Buffer): ImageSize | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > b.length) return null;
      return positive({ height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) });
    }
    at += 2 + length;
  }
  return null;
}

/** RIFF, size, WEBP, then the first chunk's type at 12 and its data at 20. */
function webpSize(b: Buffer): ImageSize | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP')
    return null;
  switch (b.toString('latin1', 12, 16)) {
    case 'VP8 ':
      // A key frame: 3 bytes of frame tag, the start code 9D 01 2A, then 14-bit width and height
      // (the top two bits are the scale).
      if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
      return positive({ width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff });
    case 'VP8L': {
      // The signature 0x2F, then width − 1 and height − 1 in 14 bits each, least significant first.
      if (b[20] !== 0x2f) return null;
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      // Flags and 3 reserved bytes, then the canvas's width − 1 and height − 1 in 24 bits each.
      return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
    default:
      return null;
  }
}
