/**
 * `capstan/private`: what generated code imports. Everything of the public runtime (so a
 * generated file needs one import) plus the helpers only generated code calls: base classes of
 * readers and builders, slot-level accessors that take a struct's location as plain arguments,
 * list wrappers, default-value constants and generic-parameter lookup.
 *
 * Not an API: these change with the code generator (as protobuf-es keeps `codegenv2` and
 * capnproto-rust `private`). Generated code and the runtime it imports come from one version.
 */
export * from './index.js';
export { GeneratedReaderCore, GeneratedReader, GeneratedBuilderCore, GeneratedBuilder } from './generated-struct.js';
export { padDataSection } from './padded-data.js';
/**
 * The nesting budget of readers made from builders (generated `$asReader()`): a message being
 * built here is trusted, its depth is whatever this program made it. The wire layer's own
 * "no limit", under the name generated code has always used.
 */
export { NO_NESTING_LIMIT as UNLIMITED_NESTING } from '../wire/core/limits.js';
export { AdoptAs } from '../wire/orphan.js';
export * from './access.js';
export { pointerListToObject, structListToObject, valueListToObject } from './list-objects.js';
export { defaultToObject } from './default-objects.js';
export { defineConstant, settleConstants } from './cyclic-constants.js';
export { TEXT_READ, DATA_READ } from './pointer-codecs.js';
export { lazyCodec, wrapList, wrapListBuilder, elementListToObject, assignList, assignListAt, elementSizeOf, setAnyPointer } from './pointer-codecs.js';
export { checkOneMember, constant, constantBytes, constantPointer, toBigInt } from './constants.js';
export { param } from './generics.js';
export {
  checkInt8, checkUInt8, checkInt16, checkUInt16, checkInt32, checkUInt32, checkInt64, checkUInt64,
  checkFloat32, checkFloat64, checkBool, checkVoid, checkEnum, checkCapability,
} from './value-checks.js';
export { ASSIGN_MODE, checkKeys } from './unknown-keys.js';
export { isNullPointer, locateStructAt, readListAt, readTextAt, readDataAt, readCapabilityAt } from '../wire/read-object.js';
export { atStep, asCapnpError, formatPath, describeValue, isStackOverflow, notAnObject, refuseArray, refuseNonObject } from './error-path.js';
