// The text format (capstan/text): the first input byte picks a struct type of codecs.capnp,
// the rest is a struct literal. What parses must print, and what prints must parse again;
// from the second round on, printing and parsing must be stable. (Not from the first: -0.0
// prints as `-0`, which parses as the integer 0, as in the reference tool.)
import { readRoot } from '../../dist/dynamic/index.js';
import { encodeText, printStructText } from '../../dist/text/index.js';
import { CODEC_TYPES, codecs, tolerate } from './support.mjs';

export const options = {
  maxLength: 4096,
  dictionary: ['(', ')', '[', ']', '=', ',', '"', '0x"', '#', '\n', '`', '`a "b" # c\n', '\r', 'void', 'true', 'false', 'inf', '-inf', 'nan',
    '0x7fffffffffffffff', '-9223372036854775808', '1e308', '\\x00', '\\377', 'int32 = ', 'text = ', 'structs = [', 'shapes = [(', 'circle = ',
    'square = (side = 1)', 'tag = (words = ["a"])', 'child = (', 'int32Lists = [[1]]', 'boolListLists = [[[true]]]', 'color = blue', 'textScalars = (first = "a")'],
};

const decoder = new TextDecoder();

export function fuzz(data) {
  if (data.length === 0) return;
  const schema = codecs.struct(CODEC_TYPES[data[0] % CODEC_TYPES.length]);
  const text = decoder.decode(data.subarray(1));
  const bytes = tolerate(() => encodeText(schema, text));
  if (bytes === undefined) return;
  const first = printStructText(readRoot(schema, bytes));
  const printed = printStructText(readRoot(schema, encodeText(schema, first)));
  const again = printStructText(readRoot(schema, encodeText(schema, printed)));
  if (again !== printed) throw new Error(`text print/parse is not stable: ${printed} became ${again}`);
}
