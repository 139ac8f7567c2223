import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { piecesOf } from './file-pieces.js';

const collect = async (stream: Readable, size: number) => {
  const pieces: Buffer[] = [];
  for await (const piece of piecesOf(stream, size)) pieces.push(Buffer.from(piece));
  return pieces;
};

describe('piecesOf', () => {
  it('re-cuts whatever the stream delivers into pieces of the size, the last one shorter', async () => {
    const bytes = Buffer.from(Array.from({ length: 23 }, (_, i) => i));
    // Parts of 1, 7, 10 and 5 bytes: pieces cross part boundaries both ways.
    const parts = [bytes.subarray(0, 1), bytes.subarray(1, 8), bytes.subarray(8, 18), bytes.subarray(18)];
    const pieces = await collect(Readable.from(parts), 4);
    expect(pieces.map((p) => p.length)).toEqual([4, 4, 4, 4, 4, 3]);
    expect(Buffer.concat(pieces)).toEqual(bytes);
  });

  it('yields nothing for an empty stream and one piece for an exact fit', async () => {
    expect(await collect(Readable.from([]), 4)).toEqual([]);
    expect((await collect(Readable.from([Buffer.alloc(8)]), 4)).map((p) => p.length)).toEqual([4, 4]);
  });

  it('passes the stream’s error on', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('too large'));
      },
    });
    await expect(collect(failing, 4)).rejects.toThrow('too large');
  });
});
