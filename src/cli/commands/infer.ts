/**
 * `capstan infer NAME < sample.json`: writes a `.capnp` schema whose root struct NAME fits the
 * JSON samples on standard input (see src/infer for the rules).
 */
import { infer } from '../../infer/index.js';
import { EXIT_OK, UsageError, type CliIo, type Command } from '../io.js';
import { parse, positionalsExactly } from './options.js';

const HELP = `Usage: capstan infer [<option>...] <name> < sample.json

Writes a Cap'n Proto schema for the JSON on standard input (one object, several
objects one after another, or an array of objects), with a root struct named
<name>. Objects become structs, arrays lists, strings Text, integers Int32,
UInt32 or Float64, other numbers Float64, booleans Bool. Fields missing from
some objects, sometimes null, or of mixed kinds become Json.Value (from
/capnp/compat/json.capnp) where a typed field would not read back the same.
The samples convert to binary and back to the same JSON with this schema.

Options:
    --id=<hex>              The file id (default: a fresh random one).
    --help                  Show this text.

Example:
    capstan infer Person < person.json > person.capnp
    capstan convert json:binary person.capnp Person < person.json > person.bin
`;

export const inferCommand: Command = {
  name: 'infer',
  summary: 'write a schema for JSON samples',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parse('infer', args, { id: { type: 'string' } });
    const [name] = positionalsExactly('infer', positionals, ['name']);
    if (!/^[A-Za-z]/.test(name!)) throw new UsageError(`'${name}' is not a type name: start it with a letter`, 'infer');
    let id: bigint | undefined;
    if (values.id !== undefined) {
      const text = String(values.id).replace(/^@/, '');
      if (!/^0x[0-9a-f]{1,16}$/i.test(text)) throw new UsageError(`--id must be a hex id such as 0xd3b4e2a1c5f60789, got '${text}'`, 'infer');
      id = BigInt(text);
    }
    const input = new TextDecoder().decode(await io.readStdin());
    await io.writeStdout(infer(name!, input, id === undefined ? {} : { id }));
    return EXIT_OK;
  },
};
