/**
 * Reading a message eagerly, for servers and clients that must know a body is sound before they
 * hand it on: a framework that turns a thrown error into a status code can only answer 400 for
 * a malformed body if the error is thrown while the body is parsed, not later, when a handler
 * happens to read the one broken field.
 */
import {
  ANY_SIZE, CapnpError, ElementSize, MessageReader, readMessage,
  type AnyPointerReader, type ListReader, type MessageFormat, type ReaderOptions, type StructReader, type StructType,
} from '../runtime/index.js';

/** Any generated struct type. */
export type AnyStructType = StructType<any, any, any, any>;

/** The reader class of a generated struct type: `ReaderOfType<typeof Person>` is `PersonReader`. */
export type ReaderOfType<T> = T extends StructType<any, any, infer R, any> ? R : never;

export interface ReadValidatedOptions extends ReaderOptions {
  /** Default `binary`. */
  format?: MessageFormat;
  /**
   * Read the whole message before returning (default true): every pointer reachable from the
   * root, whether the schema knows it or not, then every field of the schema (which also checks
   * Text). Whatever is wrong fails here, as a `CapnpError`, within the reader's limits. With
   * false, only the framing is checked and the rest is read lazily, as `Type.read` does.
   */
  validate?: boolean;
}

/**
 * Reads `bytes` as a message whose root is a `type`, checking all of it first (see
 * `ReadValidatedOptions.validate`). The reader returned has a traversal budget of its own: the
 * check does not use up what the caller may read.
 */
export function readValidated<T extends AnyStructType>(type: T, bytes: Uint8Array | ArrayBuffer, options?: ReadValidatedOptions): ReaderOfType<T> {
  if (bytes.byteLength === 0) {
    throw new CapnpError('TRUNCATED', 'the body is empty: a message has at least a segment table and a root pointer');
  }
  const message = readMessage(bytes, options);
  if (options?.validate === false) return type.readRoot(message);
  traverse(message.getRootPointer());
  const segments = message.segments;
  type.readRoot(new MessageReader(segments, options)).$toObject();
  return type.readRoot(new MessageReader(segments, options));
}

/** A struct or list whose pointers are being visited, and the next one to visit. */
interface Frame {
  struct: StructReader | null;
  list: ListReader | null;
  next: number;
  end: number;
}

/**
 * Follows every pointer reachable from `root`, schema-less, so that bounds, far pointers, list
 * encodings, the traversal limit and the nesting limit are all checked once. Depth-first with an
 * explicit stack (a nesting limit raised far above the default must not overflow the JS stack),
 * one frame per open struct or list rather than one entry per pointer, so memory stays
 * proportional to the nesting depth.
 */
export function traverse(root: AnyPointerReader): void {
  const stack: Frame[] = [];
  let pointer: AnyPointerReader | null = root;
  for (;;) {
    if (pointer !== null) {
      const frame = open(pointer);
      if (frame !== null) stack.push(frame);
      pointer = null;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return;
    if (top.next === top.end) {
      stack.pop();
      continue;
    }
    const index = top.next++;
    if (top.struct !== null) {
      pointer = top.struct.getPointer(index);
    } else if (top.list!.elementSize === ElementSize.INLINE_COMPOSITE) {
      // An element of a struct list: a struct of its own, one nesting level below the list.
      const element = top.list!.getStruct(index);
      if (element.pointerCount > 0) stack.push({ struct: element, list: null, next: 0, end: element.pointerCount });
    } else {
      pointer = top.list!.getPointer(index);
    }
  }
}

function open(pointer: AnyPointerReader): Frame | null {
  switch (pointer.type()) {
    case 'struct': {
      const struct = pointer.getStruct();
      return struct.pointerCount === 0 ? null : { struct, list: null, next: 0, end: struct.pointerCount };
    }
    case 'list': {
      const list = pointer.getList(ANY_SIZE);
      return list.pointerCount === 0 ? null : { struct: null, list, next: 0, end: list.length };
    }
    default:
      return null; // null, or a capability (nothing to follow inside the message)
  }
}
