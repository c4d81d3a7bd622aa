/**
 * Interprets value expressions (literals, struct and list literals, constant names, embeds)
 * against the type they must have. Each check and message follows the reference compiler,
 * including what it accepts loosely (an integer for a float, a string for Data) and what it
 * does not (an enum constant for an enum field: constants hold enums as plain numbers).
 */
import { decodeUtf8, MessageBuilder, readMessage, type AnyPointerReader } from '../../wire/index.js';
import type { Expression, ExpressionParam } from '../syntax/ast.js';
import { ANY_POINTER, sameSchema, sameType, type ResolvedType } from './branded-schema.js';
import { BUILTIN_TYPE_NAMES } from '../../schema/builtin-types.js';
import type { Field } from '../../schema/types.js';
import { CompileAbort, reportingAbortAt } from '../compile-abort.js';
import { addErrorOn, type ErrorReporter } from '../diagnostics.js';
import { expressionString } from '../syntax/expression-string.js';
import { NO_IMPLICIT_PARAMS } from './generics.js';
import { hasVersion1Additions } from '../language.js';
import type { NodeTranslator } from './node-translator.js';
import { StructWriter, fromSchemaValue, newList, setListElement, type ConstantValue } from './values.js';

const INT_RANGES: Record<string, { min: bigint; max: bigint }> = {
  int8: { min: -128n, max: 127n },
  int16: { min: -32768n, max: 32767n },
  int32: { min: -(2n ** 31n), max: 2n ** 31n - 1n },
  int64: { min: -(2n ** 63n), max: 2n ** 63n - 1n },
  uint8: { min: 0n, max: 255n },
  uint16: { min: 0n, max: 65535n },
  uint32: { min: 0n, max: 2n ** 32n - 1n },
  uint64: { min: 0n, max: 2n ** 64n - 1n },
  // Any integer may stand for a float.
  float32: { min: -(2n ** 63n), max: 2n ** 64n - 1n },
  float64: { min: -(2n ** 63n), max: 2n ** 64n - 1n },
};

export class ValueTranslator {
  private readonly translator: NodeTranslator;
  private readonly reporter: ErrorReporter;
  /** Bootstrap values are primitive: constants are read in their bootstrap form. */
  private readonly isBootstrap: boolean;

  /** Whether 1.0's language is read: a struct or group may be given as its first field's value. */
  private readonly version1: boolean;

  constructor(translator: NodeTranslator, reporter: ErrorReporter, isBootstrap: boolean) {
    this.translator = translator;
    this.reporter = reporter;
    this.isBootstrap = isBootstrap;
    this.version1 = hasVersion1Additions(translator.resolver.compiler.language);
  }

  private get schemas() {
    return this.translator.resolver.compiler.schemas;
  }

  /** `source` as a value of `type`; null (error reported) if it is not one. */
  compileValue(source: Expression, type: ResolvedType): ConstantValue | null {
    if (type.which === 'anyPointer' && !('kind' in type)) {
      addErrorOn(this.reporter, source,
        'Cannot interpret value because the type is a generic type parameter which is not yet bound. We don\'t know what type to expect here.');
      return null;
    }
    const result = this.compileValueInner(source, type);
    if (result === null) return null;
    const matched = this.matchesType(source, type, result);
    if (matched !== null) return matched;
    if (type.which === 'struct' && this.version1) {
      // 1.0's language: a value that is not the struct may be its first field's.
      const writer = StructWriter.create(type.schema, this.schemas);
      const first = writer.fields[0];
      const firstType = first === undefined ? null : writer.fieldType(first);
      const value = firstType === null ? null : this.matchesType(source, firstType, result);
      if (value !== null) {
        writer.set(first!, value);
        return { type: 'struct', schema: type.schema, reader: writer.builder.asReader() };
      }
    }
    addErrorOn(this.reporter, source, `Type mismatch; expected ${typeName(type)}.`);
    return null;
  }

  /**
   * `result` (what `source` evaluated to, `type` having served only as a hint) if it is a value
   * of `type`, else null. An integer of a numeric type but out of its range is reported and
   * clamped, and matches.
   */
  private matchesType(source: Expression, type: ResolvedType, result: ConstantValue): ConstantValue | null {
    switch (result.type) {
      case 'void':
        return type.which === 'void' ? result : null;
      case 'bool':
        return type.which === 'bool' ? result : null;
      case 'int':
      case 'uint': {
        const range = INT_RANGES[type.which];
        if (range === undefined) return null;
        if (result.value < range.min) {
          addErrorOn(this.reporter, source, 'Integer value out of range.');
          return { type: 'int', value: range.min };
        }
        if (result.value > range.max) {
          addErrorOn(this.reporter, source, 'Integer value out of range.');
          return { type: 'uint', value: range.max };
        }
        return result;
      }
      case 'float':
        return type.which === 'float32' || type.which === 'float64' ? result : null;
      case 'text':
        return type.which === 'text' ? result : null;
      case 'data':
        return type.which === 'data' ? result : null;
      case 'list':
        if (type.which === 'list') return sameType(result.schema, type) ? result : null;
        return type.which === 'anyPointer' && 'kind' in type && (type.kind === 'anyKind' || type.kind === 'list') ? result : null;
      case 'enum':
        return type.which === 'enum' && sameSchema(result.schema, type.schema) ? result : null;
      case 'struct':
        if (type.which === 'struct') return sameSchema(result.schema, type.schema) ? result : null;
        return type.which === 'anyPointer' && 'kind' in type && (type.kind === 'anyKind' || type.kind === 'struct') ? result : null;
      case 'anyPointer':
        // The reference compiler stops here ("AnyPointers can't have literal values").
        throw new CompileAbort("AnyPointers can't have literal values.");
    }
  }

  private compileValueInner(source: Expression, type: ResolvedType): ConstantValue | null {
    switch (source.kind) {
      case 'relativeName': {
        // A bare name: an enumerant, a literal keyword, or (discouraged) a constant.
        const name = source.name.value;
        if (type.which === 'enum') {
          const enumerants = 'enum' in type.schema.node ? type.schema.node.enum.enumerants ?? [] : [];
          const index = enumerants.findIndex((enumerant) => enumerant.name === name);
          if (index >= 0) return { type: 'enum', schema: type.schema, raw: index };
        } else {
          switch (name) {
            case 'void': return { type: 'void' };
            case 'true': return { type: 'bool', value: true };
            case 'false': return { type: 'bool', value: false };
            case 'nan': return { type: 'float', value: Number.NaN };
            case 'inf': return { type: 'float', value: Infinity };
            default: break;
          }
        }
        return this.readConstant(source);
      }
      case 'absoluteName':
      case 'import':
      case 'application':
      case 'member':
        return this.readConstant(source);
      case 'embed': {
        const data = this.translator.readEmbed(source.path);
        if (data === null) return null;
        switch (type.which) {
          case 'text': return { type: 'text', value: decodeUtf8(data) };
          case 'data': return { type: 'data', value: data };
          case 'struct': {
            if (data.length % 8 !== 0) {
              addErrorOn(this.reporter, source, 'Embedded file is not a valid Cap\'n Proto message.');
              return null;
            }
            try {
              // A message in the standard framing (segment table first).
              const message = readMessage(data, { traversalLimitInWords: Infinity, nestingLimit: Infinity });
              return { type: 'struct', schema: type.schema, reader: message.getRoot() };
            } catch {
              addErrorOn(this.reporter, source, 'Embedded file is not a valid Cap\'n Proto message.');
              return null;
            }
          }
          default:
            addErrorOn(this.reporter, source, 'Embeds can only be used when Text, Data, or a struct is expected.');
            return null;
        }
      }
      case 'positiveInt':
        return { type: 'uint', value: source.value };
      case 'negativeInt':
        if (source.value > 2n ** 63n) {
          addErrorOn(this.reporter, source, 'Integer is too big to be negative.');
          return null;
        }
        return { type: 'int', value: -source.value };
      case 'float':
        return { type: 'float', value: source.value };
      case 'string':
        if (type.which === 'data') return { type: 'data', value: source.bytes };
        return { type: 'text', value: source.value };
      case 'binary':
        if (type.which !== 'data') {
          addErrorOn(this.reporter, source, `Type mismatch; expected ${typeName(type)}.`);
          return null;
        }
        return { type: 'data', value: source.value };
      case 'list': {
        if (type.which !== 'list') {
          addErrorOn(this.reporter, source, `Type mismatch; expected ${typeName(type)}.`);
          return null;
        }
        const list = reportingAbortAt(this.reporter, source, () => newList(type.element, source.elements.length));
        source.elements.forEach((element, i) => {
          const value = this.compileValue(element, type.element);
          if (value !== null) setListElement(list, i, type.element, value);
        });
        return { type: 'list', schema: type, reader: list.asReader() };
      }
      case 'tuple': {
        if (type.which !== 'struct') {
          addErrorOn(this.reporter, source, `Type mismatch; expected ${typeName(type)}.`);
          return null;
        }
        const writer = StructWriter.create(type.schema, this.schemas);
        this.fillStruct(writer, source.params);
        return { type: 'struct', schema: type.schema, reader: writer.builder.asReader() };
      }
      case 'unknown':
        // Already reported.
        return null;
    }
  }

  private fillStruct(writer: StructWriter, assignments: readonly ExpressionParam[]): void {
    for (const assignment of assignments) {
      if (assignment.name === null) {
        addErrorOn(this.reporter, assignment.value, 'Missing field name.');
        continue;
      }
      const field = writer.findField(assignment.name.value);
      if (field === null) {
        addErrorOn(this.reporter, assignment.name, `Struct has no field named '${assignment.name.value}'.`);
        continue;
      }
      const value = assignment.value;
      if ('slot' in field) {
        const fieldType = writer.fieldType(field);
        if (fieldType === null) continue;
        const compiled = this.compileValue(value, fieldType);
        if (compiled !== null) writer.set(field, compiled);
      } else if (value.kind === 'tuple') {
        const group = writer.initGroup(field);
        if (group !== null) this.fillStruct(group, value.params);
      } else if (this.version1) {
        this.fillGroupFromFirstField(writer, field, value);
      } else {
        addErrorOn(this.reporter, value, 'Type mismatch; expected group.');
      }
    }
  }

  /**
   * 1.0's language: a group given a value that is not a parenthesized list takes it as its
   * first field's value, if it is one. The value is evaluated with the group as the type it
   * should have, so only a value whose type shows on its own can match; one that cannot be
   * evaluated has had its error reported, and nothing is added to it. As in the reference, the
   * group is cleared (and made the active union member) before the value is looked at.
   */
  private fillGroupFromFirstField(writer: StructWriter, field: Field, value: Expression): void {
    const group = writer.initGroup(field);
    if (group === null) return;
    const first = group.fields[0];
    if (first !== undefined) {
      const result = this.compileValueInner(value, { which: 'struct', schema: group.schema });
      if (result === null) return;
      const firstType = group.fieldType(first);
      const matched = firstType === null ? null : this.matchesType(value, firstType, result);
      if (matched !== null) {
        group.set(first, matched);
        return;
      }
    }
    addErrorOn(this.reporter, value, 'Type mismatch; expected group.');
  }

  /** The value of the constant `source` names (reporting what is wrong with it). */
  private readConstant(source: Expression): ConstantValue | null {
    const translator = this.translator;
    const decl = translator.compileDeclExpression(source, NO_IMPLICIT_PARAMS);
    if (decl === null) return null;
    if ((decl.getKind() ?? 'file') !== 'const') {
      addErrorOn(this.reporter, source, `'${expressionString(source)}' does not refer to a constant.`);
      return null;
    }
    const { id, brand } = decl.getIdAndBrand();
    const resolver = translator.resolver;
    const constSchema = resolver.resolveBootstrapSchema(id, brand ?? { scopes: null });
    if (constSchema === null) return null;
    // Primitive values are there from the bootstrap stage; pointer values need the final node.
    let node = constSchema.node;
    if (!this.isBootstrap) {
      const finalNode = resolver.resolveFinalSchema(id);
      if (finalNode === null) return null;
      node = finalNode;
    }
    if (!('const' in node)) return null;
    let value: ConstantValue | null;
    const raw = fromSchemaValue(node.const.value);
    if (raw.type === 'pointer') {
      const typeProto = 'const' in constSchema.node ? constSchema.node.const.type : null;
      const constType = typeProto === null ? ANY_POINTER : this.schemas.memberType(constSchema, typeProto);
      value = pointerConstant(raw.reader, constType ?? ANY_POINTER);
    } else {
      value = raw;
    }

    if (source.kind === 'relativeName') {
      // An unqualified name looks like it could be a local variable; insist on the qualified form.
      const scope = resolver.resolveBootstrapSchema(node.scopeId, null);
      if (scope !== null) {
        const parent = 'file' in scope.node ? '' : scope.shortName;
        addErrorOn(this.reporter, source,
          `Constant names must be qualified to avoid confusion.  Please replace '${expressionString(source)}' with '${parent}.${source.name.value}', if that's what you intended.`);
      }
    }
    return value;
  }
}

/** A constant's pointer value, typed by the constant's type. */
function pointerConstant(reader: AnyPointerReader | null, type: ResolvedType): ConstantValue {
  const pointer = reader ?? new MessageBuilder().getRootPointer().asReader();
  if (type.which === 'struct') return { type: 'struct', schema: type.schema, reader: pointer.getStruct() };
  if (type.which === 'list') return { type: 'list', schema: type, reader: pointer.getList() };
  return { type: 'anyPointer', reader: pointer };
}

/** A type as messages name it: `Int32`, `List(Text)`, or a node's own name. */
export function typeName(type: ResolvedType): string {
  switch (type.which) {
    case 'list': return `List(${typeName(type.element)})`;
    case 'enum':
    case 'struct':
    case 'interface':
      return type.schema.shortName;
    default: return BUILTIN_TYPE_NAMES[type.which];
  }
}
