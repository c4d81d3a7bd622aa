/**
 * `infer`: JSON samples to the `.capnp` text of a schema they fit (the rules are in index.ts).
 */
import { CapnpError, checkLimit } from '../wire/index.js';
import { formatId, randomId } from '../compiler/index.js';
import { fromPlain, parseJsonStream, type JsonValue } from '../json/index.js';
import { Generator, render } from './generator.js';
import { typeNameForKey } from './names.js';
import { Shape } from './shape.js';

export interface InferOptions {
  /** The file id (a 64-bit value with the top bit set). Default: random, as `capnp id` makes them. */
  id?: bigint;
  /** Maximum nesting of the JSON samples. Default 64. */
  maxNestingDepth?: number;
}

/** The samples in `input`: a JSON text (one or more objects, or an array of objects) or a parsed value. */
function samples(input: string | unknown, maxNestingDepth: number): JsonValue[] {
  let values: JsonValue[];
  if (typeof input === 'string') {
    values = parseJsonStream(input, { maxNestingDepth });
  } else {
    values = [fromPlain(input)];
  }
  if (values.length === 0) throw new CapnpError('INVALID_ARGUMENT', 'no JSON sample: the input is empty');
  if (values.length === 1 && values[0]!.type === 'array') values = values[0]!.items;
  if (values.length === 0) throw new CapnpError('INVALID_ARGUMENT', 'no JSON sample: the input is an empty array');
  for (const v of values) {
    if (v.type !== 'object') {
      throw new CapnpError('INVALID_ARGUMENT', `a sample must be a JSON object (a message is a struct), found ${v.type === 'array' ? 'an array' : `a ${v.type}`}`);
    }
  }
  return values;
}

/**
 * The `.capnp` schema text for JSON `sample` (text or a parsed value), with its root struct
 * named after `name`.
 */
export function infer(name: string, sample: string | unknown, options?: InferOptions): string {
  const root = new Shape();
  for (const value of samples(sample, checkLimit(options?.maxNestingDepth, 64, 'maxNestingDepth'))) root.add(value);
  const generator = new Generator();
  const rootName = typeNameForKey(name);
  const decl = generator.struct(rootName, root);
  const id = options?.id ?? randomId();
  if (id < 2n ** 63n || id >= 2n ** 64n) throw new CapnpError('INVALID_ARGUMENT', `a file id must be a 64-bit value with the top bit set, got 0x${id.toString(16)}`);
  const out = [
    `# ${rootName}: inferred by capstan from JSON samples.`,
    `${formatId(id)};`,
    '',
  ];
  if (generator.usesJson) out.push('using Json = import "/capnp/compat/json.capnp";', '');
  render(decl, '', out);
  return `${out.join('\n')}\n`;
}
