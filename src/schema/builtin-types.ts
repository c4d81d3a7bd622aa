/**
 * Facts about the built-in types that every part of Capstan describing types needs (the
 * compiler's resolved types, the dynamic API's runtime types), keyed by the names schema.capnp's
 * `Type` union gives its members. One table here keeps their messages and layouts in step.
 */
import { ElementSize } from '../wire/index.js';

/** How the schema language writes each built-in type. */
export const BUILTIN_TYPE_NAMES = {
  void: 'Void', bool: 'Bool',
  int8: 'Int8', int16: 'Int16', int32: 'Int32', int64: 'Int64',
  uint8: 'UInt8', uint16: 'UInt16', uint32: 'UInt32', uint64: 'UInt64',
  float32: 'Float32', float64: 'Float64',
  text: 'Text', data: 'Data', anyPointer: 'AnyPointer',
} as const;

export type BuiltinTypeKind = keyof typeof BUILTIN_TYPE_NAMES;

/**
 * The element size a list of the type named `kind` is encoded with: enums as 16-bit values,
 * structs inline (composite), every other pointer type as pointers.
 */
export function listElementSizeOf(kind: string): ElementSize {
  switch (kind) {
    case 'void': return ElementSize.VOID;
    case 'bool': return ElementSize.BIT;
    case 'int8': case 'uint8': return ElementSize.BYTE;
    case 'int16': case 'uint16': case 'enum': return ElementSize.TWO_BYTES;
    case 'int32': case 'uint32': case 'float32': return ElementSize.FOUR_BYTES;
    case 'int64': case 'uint64': case 'float64': return ElementSize.EIGHT_BYTES;
    case 'struct': return ElementSize.INLINE_COMPOSITE;
    default: return ElementSize.POINTER;
  }
}
