/**
 * The offsets the RPC engine reads and writes rpc.capnp's messages at (src/rpc/protocol/layout.ts)
 * against the reference compiler's layout of std/capnp/rpc.capnp: every constant is listed here
 * with the schema field (or struct, union tag, default) it stands for, and checked.
 */
import { expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import * as layout from '../../src/rpc/protocol/layout.js';
import { decodeCodeGeneratorRequest, type Field, type Field_Slot as Slot, type Node, type Node_Struct as StructNode } from '../../src/schema/index.js';
import { compileRequest, describeReference } from '../support/reference.js';

type Spec =
  | { kind: 'words' | 'pointers'; struct: string }
  | { kind: 'field'; struct: string; field: string }
  | { kind: 'which'; struct: string }
  | { kind: 'tag'; struct: string; field: string }
  | { kind: 'default'; struct: string; field: string }
  /** The pointer shared by every struct member of a union. */
  | { kind: 'members'; struct: string };

const words = (struct: string): Spec => ({ kind: 'words', struct });
const pointers = (struct: string): Spec => ({ kind: 'pointers', struct });
const field = (struct: string, name: string): Spec => ({ kind: 'field', struct, field: name });
const which = (struct: string): Spec => ({ kind: 'which', struct });
const tag = (struct: string, name: string): Spec => ({ kind: 'tag', struct, field: name });
const defaultOf = (struct: string, name: string): Spec => ({ kind: 'default', struct, field: name });

const SPECS: Record<string, Spec> = {
  MESSAGE_WORDS: words('Message'),
  MESSAGE_POINTERS: pointers('Message'),
  MESSAGE_WHICH: which('Message'),
  MESSAGE_BODY: { kind: 'members', struct: 'Message' },
  MESSAGE_IS_UNIMPLEMENTED: tag('Message', 'unimplemented'),
  MESSAGE_IS_ABORT: tag('Message', 'abort'),
  MESSAGE_IS_CALL: tag('Message', 'call'),
  MESSAGE_IS_RETURN: tag('Message', 'return'),
  MESSAGE_IS_FINISH: tag('Message', 'finish'),
  MESSAGE_IS_RESOLVE: tag('Message', 'resolve'),
  MESSAGE_IS_RELEASE: tag('Message', 'release'),
  MESSAGE_IS_BOOTSTRAP: tag('Message', 'bootstrap'),
  MESSAGE_IS_DISEMBARGO: tag('Message', 'disembargo'),

  BOOTSTRAP_WORDS: words('Bootstrap'),
  BOOTSTRAP_POINTERS: pointers('Bootstrap'),
  BOOTSTRAP_QUESTION_ID: field('Bootstrap', 'questionId'),

  CALL_WORDS: words('Call'),
  CALL_POINTERS: pointers('Call'),
  CALL_QUESTION_ID: field('Call', 'questionId'),
  CALL_TARGET: field('Call', 'target'),
  CALL_INTERFACE_ID: field('Call', 'interfaceId'),
  CALL_METHOD_ID: field('Call', 'methodId'),
  CALL_PARAMS: field('Call', 'params'),
  CALL_NO_PROMISE_PIPELINING: field('Call', 'noPromisePipelining'),
  CALL_SEND_RESULTS_TO_WHICH: which('Call.sendResultsTo'),
  SEND_RESULTS_TO_IS_CALLER: tag('Call.sendResultsTo', 'caller'),
  SEND_RESULTS_TO_IS_YOURSELF: tag('Call.sendResultsTo', 'yourself'),

  RETURN_WORDS: words('Return'),
  RETURN_POINTERS: pointers('Return'),
  RETURN_ANSWER_ID: field('Return', 'answerId'),
  RETURN_RELEASE_PARAM_CAPS: field('Return', 'releaseParamCaps'),
  RETURN_RELEASE_PARAM_CAPS_DEFAULT: defaultOf('Return', 'releaseParamCaps'),
  RETURN_NO_FINISH_NEEDED: field('Return', 'noFinishNeeded'),
  RETURN_WHICH: which('Return'),
  RETURN_IS_RESULTS: tag('Return', 'results'),
  RETURN_RESULTS: field('Return', 'results'),
  RETURN_IS_EXCEPTION: tag('Return', 'exception'),
  RETURN_EXCEPTION: field('Return', 'exception'),
  RETURN_IS_CANCELED: tag('Return', 'canceled'),
  RETURN_IS_RESULTS_SENT_ELSEWHERE: tag('Return', 'resultsSentElsewhere'),
  RETURN_IS_TAKE_FROM_OTHER_QUESTION: tag('Return', 'takeFromOtherQuestion'),
  RETURN_TAKE_FROM_OTHER_QUESTION: field('Return', 'takeFromOtherQuestion'),
  RETURN_IS_AWAIT_FROM_THIRD_PARTY: tag('Return', 'awaitFromThirdParty'),

  FINISH_WORDS: words('Finish'),
  FINISH_POINTERS: pointers('Finish'),
  FINISH_QUESTION_ID: field('Finish', 'questionId'),
  FINISH_RELEASE_RESULT_CAPS: field('Finish', 'releaseResultCaps'),
  FINISH_RELEASE_RESULT_CAPS_DEFAULT: defaultOf('Finish', 'releaseResultCaps'),
  FINISH_REQUIRE_EARLY_CANCELLATION_WORKAROUND: field('Finish', 'requireEarlyCancellationWorkaround'),
  FINISH_REQUIRE_EARLY_CANCELLATION_WORKAROUND_DEFAULT: defaultOf('Finish', 'requireEarlyCancellationWorkaround'),

  RESOLVE_WORDS: words('Resolve'),
  RESOLVE_POINTERS: pointers('Resolve'),
  RESOLVE_PROMISE_ID: field('Resolve', 'promiseId'),
  RESOLVE_WHICH: which('Resolve'),
  RESOLVE_IS_CAP: tag('Resolve', 'cap'),
  RESOLVE_CAP: field('Resolve', 'cap'),
  RESOLVE_IS_EXCEPTION: tag('Resolve', 'exception'),
  RESOLVE_EXCEPTION: field('Resolve', 'exception'),

  RELEASE_WORDS: words('Release'),
  RELEASE_POINTERS: pointers('Release'),
  RELEASE_ID: field('Release', 'id'),
  RELEASE_REFERENCE_COUNT: field('Release', 'referenceCount'),

  DISEMBARGO_WORDS: words('Disembargo'),
  DISEMBARGO_POINTERS: pointers('Disembargo'),
  DISEMBARGO_TARGET: field('Disembargo', 'target'),
  DISEMBARGO_CONTEXT_WHICH: which('Disembargo.context'),
  CONTEXT_IS_SENDER_LOOPBACK: tag('Disembargo.context', 'senderLoopback'),
  CONTEXT_SENDER_LOOPBACK: field('Disembargo.context', 'senderLoopback'),
  CONTEXT_IS_RECEIVER_LOOPBACK: tag('Disembargo.context', 'receiverLoopback'),
  CONTEXT_RECEIVER_LOOPBACK: field('Disembargo.context', 'receiverLoopback'),

  MESSAGE_TARGET_WORDS: words('MessageTarget'),
  MESSAGE_TARGET_POINTERS: pointers('MessageTarget'),
  MESSAGE_TARGET_WHICH: which('MessageTarget'),
  MESSAGE_TARGET_IS_IMPORTED_CAP: tag('MessageTarget', 'importedCap'),
  MESSAGE_TARGET_IMPORTED_CAP: field('MessageTarget', 'importedCap'),
  MESSAGE_TARGET_IS_PROMISED_ANSWER: tag('MessageTarget', 'promisedAnswer'),
  MESSAGE_TARGET_PROMISED_ANSWER: field('MessageTarget', 'promisedAnswer'),

  PAYLOAD_WORDS: words('Payload'),
  PAYLOAD_POINTERS: pointers('Payload'),
  PAYLOAD_CONTENT: field('Payload', 'content'),
  PAYLOAD_CAP_TABLE: field('Payload', 'capTable'),

  CAP_DESCRIPTOR_WORDS: words('CapDescriptor'),
  CAP_DESCRIPTOR_POINTERS: pointers('CapDescriptor'),
  CAP_DESCRIPTOR_WHICH: which('CapDescriptor'),
  CAP_DESCRIPTOR_IS_NONE: tag('CapDescriptor', 'none'),
  CAP_DESCRIPTOR_IS_SENDER_HOSTED: tag('CapDescriptor', 'senderHosted'),
  CAP_DESCRIPTOR_SENDER_HOSTED: field('CapDescriptor', 'senderHosted'),
  CAP_DESCRIPTOR_IS_SENDER_PROMISE: tag('CapDescriptor', 'senderPromise'),
  CAP_DESCRIPTOR_SENDER_PROMISE: field('CapDescriptor', 'senderPromise'),
  CAP_DESCRIPTOR_IS_RECEIVER_HOSTED: tag('CapDescriptor', 'receiverHosted'),
  CAP_DESCRIPTOR_RECEIVER_HOSTED: field('CapDescriptor', 'receiverHosted'),
  CAP_DESCRIPTOR_IS_RECEIVER_ANSWER: tag('CapDescriptor', 'receiverAnswer'),
  CAP_DESCRIPTOR_RECEIVER_ANSWER: field('CapDescriptor', 'receiverAnswer'),
  CAP_DESCRIPTOR_IS_THIRD_PARTY_HOSTED: tag('CapDescriptor', 'thirdPartyHosted'),
  CAP_DESCRIPTOR_THIRD_PARTY_HOSTED: field('CapDescriptor', 'thirdPartyHosted'),
  THIRD_PARTY_CAP_DESCRIPTOR_VINE_ID: field('ThirdPartyCapDescriptor', 'vineId'),

  PROMISED_ANSWER_WORDS: words('PromisedAnswer'),
  PROMISED_ANSWER_POINTERS: pointers('PromisedAnswer'),
  PROMISED_ANSWER_QUESTION_ID: field('PromisedAnswer', 'questionId'),
  PROMISED_ANSWER_TRANSFORM: field('PromisedAnswer', 'transform'),
  OP_WORDS: words('PromisedAnswer.Op'),
  OP_POINTERS: pointers('PromisedAnswer.Op'),
  OP_WHICH: which('PromisedAnswer.Op'),
  OP_IS_NOOP: tag('PromisedAnswer.Op', 'noop'),
  OP_IS_GET_POINTER_FIELD: tag('PromisedAnswer.Op', 'getPointerField'),
  OP_GET_POINTER_FIELD: field('PromisedAnswer.Op', 'getPointerField'),

  EXCEPTION_WORDS: words('Exception'),
  EXCEPTION_POINTERS: pointers('Exception'),
  EXCEPTION_REASON: field('Exception', 'reason'),
  EXCEPTION_TYPE: field('Exception', 'type'),
  EXCEPTION_TRACE: field('Exception', 'trace'),
};

/** Bits of each data type the engine reads or writes (the rest are pointers). */
const DATA_BITS: Record<string, number> = { bool: 1, uint8: 8, uint16: 16, enum: 16, uint32: 32, uint64: 64 };
const POINTER_TYPES = new Set(['struct', 'list', 'text', 'data', 'anyPointer', 'interface']);

function typeName(type: object): string {
  const names = Object.entries(type).filter(([, value]) => value !== undefined).map(([name]) => name);
  expect(names).toHaveLength(1);
  return names[0]!;
}

describeReference('the RPC engine\'s offsets in rpc.capnp (src/rpc/protocol/layout.ts)', () => {
  const std = fileURLToPath(new URL('../../std', import.meta.url));
  const request = decodeCodeGeneratorRequest(compileRequest([`${std}/capnp/rpc.capnp`], { srcPrefix: std, importPaths: [std], noStandardImport: true }));
  const nodes = new Map<string, Node>(request.nodes!.map((node) => [node.displayName!, node]));

  function struct(name: string): StructNode {
    const node = nodes.get(`capnp/rpc.capnp:${name}`);
    if (node === undefined || !('struct' in node)) throw new Error(`rpc.capnp has no struct ${name}`);
    return node.struct;
  }

  function fieldOf(structName: string, name: string): Field {
    const found = struct(structName).fields!.find((f) => f.name === name);
    if (found === undefined) throw new Error(`rpc.capnp's ${structName} has no field ${name}`);
    return found;
  }

  function slotOf(field: Field): Slot | null {
    return 'slot' in field ? field.slot : null;
  }

  /** Where the engine addresses a slot field: bits for Bool, bytes for other data, the index for pointers. */
  function position(structName: string, name: string): number {
    const slot = slotOf(fieldOf(structName, name));
    if (slot == null) throw new Error(`${structName}.${name} is a group`);
    const type = typeName(slot.type!);
    if (POINTER_TYPES.has(type)) return slot.offset!;
    const bits = DATA_BITS[type];
    if (bits === undefined) throw new Error(`${structName}.${name} has type ${type}, which the table does not know`);
    return bits === 1 ? slot.offset! : (slot.offset! * bits) / 8;
  }

  function expected(spec: Spec): number | boolean {
    switch (spec.kind) {
      case 'words': return Number(struct(spec.struct).dataWordCount);
      case 'pointers': return Number(struct(spec.struct).pointerCount);
      case 'which': {
        const s = struct(spec.struct);
        expect(s.discriminantCount).toBeGreaterThan(0);
        return s.discriminantOffset! * 2;
      }
      case 'tag': return fieldOf(spec.struct, spec.field).discriminantValue!;
      case 'field': return position(spec.struct, spec.field);
      case 'default': {
        const value = slotOf(fieldOf(spec.struct, spec.field))!.defaultValue!;
        return (value as { bool?: boolean }).bool!;
      }
      case 'members': {
        const members = struct(spec.struct).fields!.map(slotOf).filter((slot, i) =>
          slot !== null && struct(spec.struct).fields![i]!.discriminantValue !== 0xffff && POINTER_TYPES.has(typeName(slot.type!)));
        const offsets = new Set(members.map((slot) => slot!.offset));
        expect(offsets.size).toBe(1);
        return [...offsets][0]!;
      }
    }
  }

  it('lists every constant of the layout, and nothing else', () => {
    expect(Object.keys(layout).sort()).toEqual(Object.keys(SPECS).sort());
  });

  it.each(Object.entries(SPECS))('%s', (name, spec) => {
    expect((layout as Record<string, number | boolean>)[name]).toBe(expected(spec));
  });

  it('reads and writes a data field without a _DEFAULT constant only where its default is zero', () => {
    let checked = 0;
    for (const [name, spec] of Object.entries(SPECS)) {
      if (spec.kind !== 'field' || `${name}_DEFAULT` in SPECS) continue;
      const slot = slotOf(fieldOf(spec.struct, spec.field));
      if (slot == null || POINTER_TYPES.has(typeName(slot.type!))) continue;
      const value = Object.values(slot.defaultValue!).find((v) => v !== undefined);
      expect([false, 0, 0n], name).toContain(value);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });
});
