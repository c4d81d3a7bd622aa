/**
 * A struct field with its layout resolved once: where it lives, its default in the form the
 * wire accessors take (XOR masks for data fields, a value for Text and Data, a segment for
 * other pointers), and its type with generic parameters bound.
 */
import { NO_DISCRIMINANT, type Annotation, type Field, type Value } from '../schema/index.js';
import {
  AnyPointerReader, CapnpError, ListReader, MessageBuilder, StructReader, canonicalize, constantSegment,
  float32ToBits, float64ToBits, type Segment,
} from '../wire/index.js';
import type { StructSchema } from './struct-schema.js';
import { PRIMITIVE_BYTES, type DynamicType } from './types.js';

/**
 * A pointer default (struct, list, AnyPointer) copied into a trusted segment of its own, laid
 * out in preorder with its sizes as the schema holds them (as the reference reads defaults and
 * constants), or null when the pointer is null.
 */
export function pointerDefault(value: unknown): Segment | null {
  if (value == null) return null;
  const message = new MessageBuilder();
  if (value instanceof AnyPointerReader) {
    if (value.isNull()) return null;
    message.getRootPointer().set(value);
  } else if (value instanceof StructReader) {
    message.setRoot(value);
  } else if (value instanceof ListReader) {
    message.getRootPointer().setList(value);
  } else {
    return null;
  }
  const segments = message.getSegments();
  if (segments.length !== 1) return constantSegment(canonicalize(message.asReader().getRootPointer()));
  return constantSegment(segments[0]!.slice());
}

function valueOf(value: Value | null): unknown {
  if (value === null) return null;
  const key = Object.keys(value)[0]!;
  return (value as Record<string, unknown>)[key];
}

/**
 * A struct field (or group), with its layout resolved: where it lives in the data or pointer
 * section, its default, and its type with generic parameters bound.
 */
export class StructField {
  readonly parent: StructSchema;
  readonly proto: Field;
  /** Position in the struct's `fields` (the schema's order, used by the text format). */
  readonly index: number;
  readonly name: string;
  readonly codeOrder: number;
  /** The discriminant value when the field is a union member, else -1. */
  readonly discriminant: number;
  readonly isGroup: boolean;
  readonly type: DynamicType;
  /**
   * Bool: bit offset in the data section. Other data fields: byte offset. Pointer fields:
   * pointer index. Void and groups: 0.
   */
  readonly offset: number;
  readonly hadExplicitDefault: boolean;
  /**
   * The default: a boolean, number or bigint for data fields, a string for Text, bytes for
   * Data, and for other pointer fields a segment holding the default's canonical form. Null
   * when the field has none.
   */
  readonly defaultValue: unknown;
  /** XOR mask of a 8..32-bit field's default, 64-bit mask, and a Float64 default's halves. */
  readonly mask: number;
  readonly mask64: bigint;
  readonly maskHi: number;
  readonly annotations: readonly Annotation[];

  constructor(parent: StructSchema, proto: Field, index: number, type: DynamicType) {
    this.parent = parent;
    this.proto = proto;
    this.index = index;
    this.name = proto.name ?? '';
    this.codeOrder = proto.codeOrder;
    this.discriminant = proto.discriminantValue === NO_DISCRIMINANT ? -1 : proto.discriminantValue;
    this.isGroup = 'group' in proto;
    this.type = type;
    this.annotations = proto.annotations ?? [];
    let offset = 0;
    let defaultValue: unknown = null;
    let mask = 0;
    let mask64 = 0n;
    let maskHi = 0;
    let explicit = false;
    if ('slot' in proto) {
      const slot = proto.slot;
      explicit = slot.hadExplicitDefault;
      const raw = valueOf(slot.defaultValue);
      const kind = type.kind;
      const size = PRIMITIVE_BYTES[kind];
      if (kind === 'bool') {
        offset = slot.offset;
        defaultValue = raw === true;
      } else if (size !== undefined) {
        offset = slot.offset * size;
        switch (kind) {
          case 'int64': case 'uint64':
            defaultValue = typeof raw === 'bigint' ? raw : 0n;
            mask64 = defaultValue as bigint;
            break;
          case 'float32':
            defaultValue = typeof raw === 'number' ? raw : 0;
            mask = float32ToBits(defaultValue as number);
            break;
          case 'float64': {
            defaultValue = typeof raw === 'number' ? raw : 0;
            const [lo, hi] = float64ToBits(defaultValue as number);
            mask = lo;
            maskHi = hi;
            break;
          }
          default:
            defaultValue = typeof raw === 'number' ? raw : 0;
            mask = defaultValue as number;
        }
      } else if (kind === 'void') {
        defaultValue = null;
      } else {
        offset = slot.offset;
        if (kind === 'text') defaultValue = typeof raw === 'string' ? raw : null;
        else if (kind === 'data') defaultValue = raw instanceof Uint8Array ? raw : null;
        else defaultValue = pointerDefault(raw);
      }
    }
    this.offset = offset;
    this.defaultValue = defaultValue;
    this.mask = mask;
    this.mask64 = mask64;
    this.maskHi = maskHi;
    this.hadExplicitDefault = explicit;
  }

  get inUnion(): boolean {
    return this.discriminant >= 0;
  }

  /** The group's schema (fields of a group share their parent's struct). */
  get group(): StructSchema {
    if (!this.isGroup || this.type.kind !== 'struct') throw new CapnpError('INVALID_ARGUMENT', `${this.parent.shortName}.${this.name} is not a group`);
    return this.type.schema;
  }
}
