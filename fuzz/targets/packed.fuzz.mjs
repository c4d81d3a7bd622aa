// Packed decoding: unpack with an output limit, packed framing (one message and a stream),
// flat-packed, and the invariant that packing what was unpacked gives it back.
import { PackedReader, pack, readMessage, readMessages, unpack } from '../../dist/wire/index.js';
import { tolerate } from './support.mjs';

export const options = { maxLength: 4096 };

function equal(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function fuzz(data) {
  const unpacked = tolerate(() => unpack(data, 1 << 16));
  if (unpacked !== undefined) {
    if (unpacked.length % 8 !== 0) throw new Error(`unpack gave ${unpacked.length} bytes, not whole words`);
    if (!equal(unpack(pack(unpacked)), unpacked)) throw new Error('unpack(pack(unpack(x))) differs from unpack(x)');
  }
  tolerate(() => readMessage(data, { format: 'packed' }).getRootPointer().type());
  tolerate(() => readMessage(data, { format: 'flat-packed' }).getRootPointer().type());
  tolerate(() => {
    for (const message of readMessages(data, { format: 'packed' })) message.getRootPointer().type();
  });
  // Reading in odd-sized pieces (runs span calls) must give the same bytes as one unpack.
  tolerate(() => {
    const reader = new PackedReader(data);
    const remaining = reader.remainingUnpackedLength(1 << 16);
    if (remaining > 1 << 16) return;
    const out = new Uint8Array(remaining);
    const piece = 1 + (data.length % 13);
    for (let at = 0; at < remaining; at += piece) {
      const chunk = new Uint8Array(Math.min(piece, remaining - at));
      reader.readInto(chunk, 0);
      out.set(chunk, at);
    }
    if (!reader.atEnd()) throw new Error('PackedReader: input left after reading remainingUnpackedLength bytes');
    if (unpacked !== undefined && !equal(out, unpacked)) throw new Error('PackedReader in pieces differs from unpack');
  });
}
