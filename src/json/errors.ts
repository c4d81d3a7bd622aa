/**
 * The JSON codec's errors: every one a CapnpError, those about input placed at their path in
 * the document (`stories[3].title: ...`), with the offending JSON value described briefly.
 */
import { CapnpError, type ErrorCode } from '../wire/index.js';
import { typeName, type DynamicType } from '../dynamic/index.js';
import type { JsonValue } from './value.js';

/** A schema the JSON mapping cannot follow (its annotations contradict each other). */
export function mappingError(message: string): CapnpError {
  return new CapnpError('INVALID_ARGUMENT', message);
}

/** An error at `path` inside the JSON document (nothing for the root). */
export function errorAt(path: string, message: string, code: ErrorCode = 'INVALID_ARGUMENT'): CapnpError {
  return new CapnpError(code, path === '' ? message : `${path}: ${message}`);
}

/** The path of member `name` of the object at `path`. */
export function memberPath(path: string, name: string): string {
  // Names that are not identifiers are quoted, so the path reads back unambiguously.
  const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
  return path === '' ? key : `${path}.${key}`;
}

/** A JSON value in a few words, for error messages. */
export function describeJson(value: JsonValue): string {
  switch (value.type) {
    case 'null': return 'null';
    case 'boolean': return String(value.value);
    case 'number': return `the number ${value.text ?? value.value}`;
    case 'string': return `the string ${JSON.stringify(value.value.length > 30 ? `${value.value.slice(0, 30)}...` : value.value)}`;
    case 'array': return 'an array';
    case 'object': return 'an object';
    case 'call': return `a call of ${value.function}`;
  }
}

/** Capabilities and AnyPointer have no JSON form (the reference needs a custom handler too). */
export function hasNoJsonForm(type: DynamicType): boolean {
  return type.kind === 'interface' || type.kind === 'anyPointer';
}

export function unsupported(type: DynamicType, what: string, verb: 'encode' | 'decode'): CapnpError {
  return new CapnpError('UNSUPPORTED', `${what === '' ? '' : `${what}: `}cannot ${verb} ${typeName(type)} as JSON (capabilities and AnyPointer have no JSON mapping)`);
}
