/**
 * Message-level entry points of the dynamic API, and constants: read a root, build a root,
 * encode and decode plain objects, evaluate a constant or a field's default.
 */
import {
  AnyPointerReader, MessageBuilder, MessageReader, constantSegment, readMessage,
  type ReadMessageOptions,
} from '../wire/index.js';
import { NO_NESTING_LIMIT } from '../wire/core/limits.js';
import type { EncodeOptions } from '../runtime/struct-type.js';
import type { DynamicValue } from './fields.js';
import { DynamicList } from './list.js';
import { pointerDefault, type ConstSchema, type StructSchema } from './schema.js';
import { DynamicStruct, DynamicStructBuilder } from './struct.js';
import { listElementSize, type DynamicType } from './types.js';
import { checkOptionsObject } from '../wire/core/options-object.js';

/** The root of a message (bytes, framed by default, or a `MessageReader`) read as `schema`. */
export function readRoot(schema: StructSchema, message: Uint8Array | ArrayBuffer | MessageReader, options?: ReadMessageOptions): DynamicStruct {
  const reader = message instanceof MessageReader ? message : readMessage(message, options);
  return new DynamicStruct(schema, reader.getRoot());
}

/** Makes the root of `message` a new struct of `schema`. */
export function initRoot(schema: StructSchema, message: MessageBuilder): DynamicStructBuilder {
  return new DynamicStructBuilder(schema, message.initRoot(schema.dataWords, schema.pointerCount));
}

/** The root of `message` as `schema`, for writing (made if absent). */
export function getRoot(schema: StructSchema, message: MessageBuilder): DynamicStructBuilder {
  return new DynamicStructBuilder(schema, message.getRoot(schema.dataWords, schema.pointerCount));
}

/**
 * A plain object (or a dynamic struct, copied) to message bytes. The options are generated
 * code's (`EncodeOptions` of `capstan`): builder sizing, the output format, a builder to reuse
 * (reset first), and what to do with properties that name no field (`unknownKeys`).
 */
export function encode(schema: StructSchema, value: Record<string, unknown> | DynamicStruct, options?: EncodeOptions): Uint8Array<ArrayBuffer> {
  checkOptionsObject(options);
  const message = options?.builder ?? new MessageBuilder(options);
  if (options?.builder !== undefined) message.reset();
  if (value instanceof DynamicStruct) message.setRoot(value.$);
  else initRoot(schema, message).assign(value, options);
  return message.toBytes(options?.format);
}

/** Message bytes to the plain-object form of their root. */
export function decode(schema: StructSchema, bytes: Uint8Array | ArrayBuffer, options?: ReadMessageOptions): Record<string, unknown> {
  return readRoot(schema, bytes, options).toObject();
}

const EMPTY = constantSegment(new Uint8Array(8));

/** A struct of `schema` with every field at its default (what an empty message reads as). */
export function defaultStruct(schema: StructSchema): DynamicStruct {
  return new DynamicStruct(schema, new AnyPointerReader(EMPTY, 0, NO_NESTING_LIMIT).getStruct());
}

/** The value of a constant, in the form `DynamicStruct.get` gives values of its type. */
export function constantValue(constant: ConstSchema): DynamicValue {
  const value = constant.value;
  const raw = value === null ? null : (value as Record<string, unknown>)[Object.keys(value)[0]!];
  return valueOfType(constant.type, raw);
}

/** A schema `Value`'s payload (as decoded from a request) as a dynamic value of `type`. */
export function valueOfType(type: DynamicType, raw: unknown): DynamicValue {
  switch (type.kind) {
    case 'void': return null;
    case 'bool': return raw === true;
    case 'int64': case 'uint64': return typeof raw === 'bigint' ? raw : 0n;
    case 'text': return typeof raw === 'string' ? raw : '';
    case 'data': return raw instanceof Uint8Array ? raw : new Uint8Array(0);
    case 'struct': {
      const segment = pointerDefault(raw) ?? EMPTY;
      return new DynamicStruct(type.schema, new AnyPointerReader(segment, 0, NO_NESTING_LIMIT).getStruct());
    }
    case 'list': {
      const segment = pointerDefault(raw) ?? EMPTY;
      return new DynamicList(type, new AnyPointerReader(segment, 0, NO_NESTING_LIMIT).getList(listElementSize(type.element)));
    }
    case 'interface': return null;
    case 'anyPointer': return new AnyPointerReader(pointerDefault(raw) ?? EMPTY, 0, NO_NESTING_LIMIT);
    default: return typeof raw === 'number' ? raw : 0;
  }
}
