// Printing untrusted messages, as `capstan decode` and `capstan convert --to text|json` do: the
// message is read with capstan/dynamic (the schema known only at run time) and printed in the
// text format or as JSON. The first input byte picks the root type of codecs.capnp (low 3 bits),
// the input format (bits 4-5, as the generated target's) and the output (bits 6-7: short text,
// pretty text, JSON, pretty JSON); the rest is the message. Reading and printing may refuse with
// a CapnpError and nothing else; what a message prints to is bounded by what it may make the
// reader visit (the traversal limit), which the amplification budget checks.
import { readMessage } from '../../dist/wire/index.js';
import { DynamicStruct } from '../../dist/dynamic/index.js';
import { printStructText } from '../../dist/text/index.js';
import { JsonCodec } from '../../dist/json/index.js';
import { CODEC_TYPES, codecs, tolerate } from './support.mjs';

export const options = { maxLength: 8192 };

const FORMATS = ['binary', 'packed', 'flat', 'flat-packed'];
const compactJson = new JsonCodec();
const prettyJson = new JsonCodec({ pretty: true });

export function fuzz(data) {
  if (data.length === 0) return;
  const schema = codecs.struct(CODEC_TYPES[(data[0] & 7) % CODEC_TYPES.length]);
  const format = FORMATS[(data[0] >> 4) & 3];
  const output = data[0] >> 6;
  const message = tolerate(() => readMessage(data.subarray(1), { format }));
  if (message === undefined) return;
  tolerate(() => {
    const root = new DynamicStruct(schema, message.getRoot());
    switch (output) {
      case 0: return printStructText(root, { short: true });
      case 1: return printStructText(root);
      case 2: return compactJson.encode(root);
      default: return prettyJson.encode(root);
    }
  });
}
