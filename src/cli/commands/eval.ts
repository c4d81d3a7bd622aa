/**
 * `capstan eval SCHEMA NAME`: prints a constant, a struct field's default, or anything nested
 * in one (`someConst.someList[4].field`), like `capnp eval`: in the text format by default,
 * or as JSON or a binary message (of a struct) with `-o`.
 */
import { MessageBuilder, CapnpError } from '../../wire/index.js';
import { nodeKind, type Node } from '../../schema/index.js';
import {
  DynamicList, DynamicStruct, constantValue, defaultStruct, typeName, type DynamicType,
} from '../../dynamic/index.js';
import { printValueText } from '../../text/index.js';
import { JsonCodec } from '../../json/index.js';
import { EXIT_OK, UsageError, type CliIo, type Command } from '../io.js';
import { FORMATS, isFormat, writeOutput, type Format } from './formats.js';
import { IMPORT_HELP, IMPORT_OPTIONS, importOptions, parse, positionalsExactly } from './options.js';
import { loadSchemaFile, type SchemaFile } from './schema-file.js';

const HELP = `Usage: capstan eval [<option>...] <schema-file> <name>

Prints the value of <name>, like \`capnp eval\`: a constant, a field of a struct type
(its default value), or a field or list element nested in one. Examples:
    capstan eval myschema.capnp someConstant
    capstan eval myschema.capnp MyType.someField
    capstan eval myschema.capnp someConstant.someList[4].anotherField[1][2]

Options:
    -o, --output=<format>   text (default), json, or a binary format (binary, packed,
                            flat, flat-packed, canonical); JSON and binary output
                            need a struct value.
    -b, --binary            Same as -obinary.
    -p, --packed            Same as -opacked.
    --flat                  Same as -oflat.
    --short                 Text or JSON on one line, without the pretty layout.
${IMPORT_HELP}
    --help                  Show this text.
`;

interface Part {
  name: string;
  subscripts: number[];
}

function parsePath(name: string): Part[] {
  if (!/^[A-Za-z_]\w*(\[(0x[0-9a-fA-F]+|\d+)\])*(\.[A-Za-z_]\w*(\[(0x[0-9a-fA-F]+|\d+)\])*)*$/.test(name)) {
    throw new UsageError(`invalid name '${name}': expected a dotted path such as Foo.bar or someConst.list[2]`, 'eval');
  }
  return name.split('.').map((part) => {
    const bracket = part.indexOf('[');
    const id = bracket < 0 ? part : part.slice(0, bracket);
    const subscripts = bracket < 0 ? [] : [...part.slice(bracket).matchAll(/\[([^\]]+)\]/g)].map((m) => Number(m[1]));
    return { name: id, subscripts };
  });
}

function evalError(message: string): CapnpError {
  return new CapnpError('INVALID_ARGUMENT', message);
}

/** Follows `name` from the file's scope: declarations first, then fields and list elements. */
export function evaluate(schema: SchemaFile, name: string): { type: DynamicType; value: unknown } {
  const parts = parsePath(name);
  let scope: Node = schema.file;
  let pos = 0;
  let stoppedAtSubscript = false;
  for (; pos < parts.length; pos++) {
    const child = schema.loader.child(scope, parts[pos]!.name);
    if (!child) break;
    scope = child;
    if (parts[pos]!.subscripts.length > 0) {
      stoppedAtSubscript = true;
      break;
    }
  }
  const short = (node: Node) => (node.displayName ?? '').slice(node.displayNamePrefixLength);
  let type: DynamicType;
  let value: unknown;
  switch (nodeKind(scope)) {
    case 'const': {
      const c = schema.loader.constSchema(scope.id);
      type = c.type;
      value = constantValue(c);
      break;
    }
    case 'struct': {
      if (pos === parts.length) throw evalError(`'${short(scope)}' cannot be evaluated`);
      const struct = schema.loader.structSchema(scope.id);
      type = { kind: 'struct', schema: struct };
      value = defaultStruct(struct);
      break;
    }
    default:
      if (stoppedAtSubscript) throw evalError(`'${short(scope)}' is not a list`);
      if (pos < parts.length) throw evalError(`'${parts[pos]!.name}' is not defined`);
      throw evalError(`'${scope.displayName}' cannot be evaluated`);
  }
  for (; pos < parts.length; pos++) {
    const part = parts[pos]!;
    if (!stoppedAtSubscript) {
      if (!(value instanceof DynamicStruct)) throw evalError(`'${parts[pos - 1]!.name}' is not a struct`);
      const field = value.schema.findField(part.name);
      if (!field) throw evalError(`'${parts[pos - 1]!.name}' has no member '${part.name}'`);
      // A union member that is not the one set has no value to print (capnp eval fails too).
      if (field.discriminant >= 0 && value.whichField() !== field) {
        const active = value.which();
        throw evalError(`'${part.name}' is not set: its union holds ${active === undefined ? 'an unknown member' : `'${active}'`}`);
      }
      type = field.type;
      value = value.get(field);
    }
    part.subscripts.forEach((index, i) => {
      if (!(value instanceof DynamicList) || type.kind !== 'list') {
        throw evalError(i > 0 ? `'${part.name}[${part.subscripts.slice(0, i).join('][')}]' is not a list` : `'${part.name}' is not a list`);
      }
      if (index >= value.length) throw evalError(`'${part.name}[${part.subscripts.slice(0, i + 1).join('][')}]' is out of bounds`);
      const element = type.element;
      value = value.get(index);
      type = element;
    });
    stoppedAtSubscript = false;
  }
  return { type, value };
}

export const evalCommand: Command = {
  name: 'eval',
  summary: 'print a constant or default value',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values, positionals } = parse('eval', args, {
      output: { type: 'string', short: 'o' }, binary: { type: 'boolean', short: 'b' }, packed: { type: 'boolean', short: 'p' },
      flat: { type: 'boolean' }, short: { type: 'boolean' }, ...IMPORT_OPTIONS,
    });
    const [file, name] = positionalsExactly('eval', positionals, ['schema-file', 'name']);
    let format: Format = 'text';
    if (values.output !== undefined) {
      const o = String(values.output);
      if (!isFormat(o)) throw new UsageError(`unknown format '${o}'; use one of ${FORMATS.join(', ')}`, 'eval');
      format = o;
    }
    if (values.binary === true && (values.packed === true || values.flat === true)) throw new UsageError('-b cannot be used with --packed or --flat', 'eval');
    if (values.flat === true) format = values.packed === true ? 'flat-packed' : 'flat';
    else if (values.packed === true) format = 'packed';
    else if (values.binary === true) format = 'binary';
    // The declarations the name starts with (`c.field[1]`: `c`), as far as they go; without
    // annotations, as the reference evaluates (its -ojson output ignores $Json annotations).
    const declarations = [name!.split('[')[0]!];
    const imports = importOptions(values, 'eval');
    // As `capnp eval` since 1.0: a config file of constants need not declare an id.
    const schema = await loadSchemaFile(file!, imports, { declarations, annotations: false, fileIdsRequired: imports.language === '0.9' });
    const { type, value } = evaluate(schema, name!);
    const pretty = values.short !== true;
    if (format === 'text') {
      await io.writeStdout(`${printValueText(type, value, { short: !pretty })}\n`);
      return EXIT_OK;
    }
    if (!(value instanceof DynamicStruct)) {
      throw evalError(`${name} is a ${typeName(type)}, not a struct: ${format} output is only available for structs`);
    }
    const message = new MessageBuilder();
    message.setRoot(value.$);
    await io.writeStdout(writeOutput(message.asReader(), format, value.schema, { pretty, limits: {} }, format === 'json' ? new JsonCodec({ pretty }) : undefined));
    return EXIT_OK;
  },
};
