/**
 * The dynamic API (`capstan/dynamic`): read and build messages of schemas known only at run
 * time, from a `CodeGeneratorRequest` (the compiler's output) or a `SchemaGraph`, with no code
 * generation. Fields by name, unions, groups, lists, enums by name, generics with brands,
 * AnyPointer, constants, and the same plain-object form as generated code (docs/objects.md).
 *
 * ```ts
 * const schema = loadSchema(request);
 * const Person = schema.struct('Person');
 * const message = new MessageBuilder();
 * const person = initRoot(Person, message);
 * person.set('name', 'Alice');
 * const root = readRoot(Person, message.toBytes());
 * root.get('name'); // 'Alice'
 * ```
 */

// How dynamic values print in Node's console (an empty module in other builds).
import './inspection.js';

export {
  SchemaLoader, loadSchema, StructSchema, StructField, EnumSchema, InterfaceSchema, ConstSchema,
  type Bindings, type EnumMember, type InterfaceMethod, type NamedSchema,
} from './schema.js';
export {
  TYPES, listType, listElementSize, typeName, isPointerType,
  type DynamicType, type ListType, type PrimitiveKind, type AnyPointerConstraint, type TypeKind,
} from './types.js';
export { DynamicStruct, DynamicStructBuilder } from './struct.js';
export { DynamicList, DynamicListBuilder } from './list.js';
export { readField, readDataField, hasField, readElement, setField, setPointer, setScalarElement, type DynamicValue } from './fields.js';
export { fieldValue, elementValue, type WireValue } from './read-value.js';
export { structToObject, listToObject, fieldToObject, assignObject } from './objects.js';
export {
  readRoot, initRoot, getRoot, encode, decode, defaultStruct, constantValue, valueOfType,
} from './messages.js';
