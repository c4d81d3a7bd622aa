/**
 * Generics: evaluating type expressions such as `Map(Text, List(T)).Entry` to a declaration
 * plus the bindings of its generic scopes, and writing those bindings out as a `Brand`.
 *
 * A `BrandScope` is a chain from a declaration up through its lexical parents, each level
 * holding the arguments bound to that level's parameters, or marked "inherited" (the level is
 * the one being compiled, so its parameters stay parameters). A `BrandedDecl` is a resolved
 * declaration with the scope chain its expression produced.
 */
import type { Brand, Brand_Scope, Type, Type_AnyPointer } from '../../schema/types.js';
import { UNKNOWN_EXPRESSION, type BrandParameter, type Expression } from '../syntax/ast.js';
import { CompileAbort, reportingAbortAt } from '../compile-abort.js';
import type { CompilerNode } from './declaration-node.js';
import { addErrorOn, type ErrorReporter } from '../diagnostics.js';
import { expressionString } from '../syntax/expression-string.js';
import type { BuiltinKind, DeclKind, ResolveResult, ResolvedDecl, ResolvedParameter } from './resolver.js';

/** The implicit parameters of a method (`foo @0 [T] (x :T)`) visible while compiling it. */
export interface ImplicitParams {
  /**
   * 0: a reference compiles to an `implicitMethodParameter`. Otherwise the id of the method's
   * param/result struct, whose own parameters mirror the method's.
   */
  readonly scopeId: bigint;
  readonly params: readonly BrandParameter[];
}

export const NO_IMPLICIT_PARAMS: ImplicitParams = { scopeId: 0n, params: [] };

/**
 * The tag of `Type.anyPointer.unconstrained` as the reference compiler reads it when checking
 * list element types: without checking that `unconstrained` is the member set. In
 * schema.capnp's layout that tag shares its bits with `parameterIndex`, so a generic parameter
 * numbered 0 reads as AnyPointer (0) and one numbered 1 as AnyStruct (1): `List(T)` of a
 * struct's first two parameters is rejected. Reproduced so both compilers reject the same
 * schemas.
 */
function unconstrainedTag(anyPointer: Type_AnyPointer): number {
  if ('parameter' in anyPointer) return anyPointer.parameter.parameterIndex;
  if ('implicitMethodParameter' in anyPointer) return anyPointer.implicitMethodParameter.parameterIndex;
  const constraint = anyPointer.unconstrained;
  if ('anyKind' in constraint) return 0;
  if ('struct' in constraint) return 1;
  if ('list' in constraint) return 2;
  return 3;
}

const POINTER_BINDING_KINDS = new Set<DeclKind>(['builtinList', 'builtinText', 'builtinData', 'builtinAnyPointer', 'struct', 'interface']);

export class BrandedDecl {
  readonly body: { readonly decl: ResolvedDecl } | { readonly parameter: ResolvedParameter };
  /** Null for a parameter. */
  brand: BrandScope | null;
  /** The expression that named it, for errors (unknown: report at the start of the file). */
  source: Expression;

  constructor(body: BrandedDecl['body'], brand: BrandScope | null, source: Expression | null) {
    this.body = body;
    this.brand = brand;
    this.source = source ?? UNKNOWN_EXPRESSION;
  }

  static implicitMethodParam(index: number): BrandedDecl {
    return new BrandedDecl({ parameter: { id: 0n, index } }, null, null);
  }

  clone(): BrandedDecl {
    return new BrandedDecl(this.body, this.brand, this.source);
  }

  /** Applies generic arguments; null (error reported) if they do not fit. */
  applyParams(params: BrandedDecl[], subSource: Expression | null): BrandedDecl | null {
    if (!('decl' in this.body)) return null;
    const scope = this.brand!.setParams(params, this.body.decl.kind, subSource ?? UNKNOWN_EXPRESSION);
    if (scope === null) return null;
    return new BrandedDecl(this.body, scope, subSource);
  }

  getMember(memberName: string, subSource: Expression): BrandedDecl | null {
    if (!('decl' in this.body)) return null;
    const node = this.body.decl.node;
    const result = node.resolveMember(memberName);
    if (result === null) return null;
    return this.brand!.interpretResolve(node, result, subSource);
  }

  /** The declaration's id, without its brand; null for a generic parameter. */
  declId(): bigint | null {
    return 'decl' in this.body ? this.body.decl.id : null;
  }

  /** The declaration's kind; null for an unbound generic parameter. */
  getKind(): DeclKind | null {
    return 'decl' in this.body ? this.body.decl.kind : null;
  }

  /** The declaration's id, and its brand when any generic scope is bound. */
  getIdAndBrand(): { id: bigint; brand: Brand | null } {
    if (!('decl' in this.body)) throw new CompileAbort('internal: asked for the id of a generic parameter');
    return { id: this.body.decl.id, brand: this.brand!.compile() };
  }

  /** For `List`: the element type argument, or null if not exactly one was given. */
  getListParam(): BrandedDecl | null {
    const decl = (this.body as { decl: ResolvedDecl }).decl;
    const params = this.brand!.getParams(decl.id);
    return params !== null && params.length === 1 ? params[0]! : null;
  }

  asVariable(): ResolvedParameter {
    return (this.body as { parameter: ResolvedParameter }).parameter;
  }

  addError(reporter: ErrorReporter, message: string): void {
    addErrorOn(reporter, this.source, message);
  }

  toString(): string {
    return expressionString(this.source);
  }

  /**
   * This declaration as a field (or binding) type. `ok` is false, with the error reported,
   * when it is not a type; `type` is then what the reference compiler would have left
   * half-built, which only matters for the errors that follow.
   */
  compileAsType(reporter: ErrorReporter): { type: Type; ok: boolean } {
    const kind = this.getKind();
    if (kind === null) {
      const variable = this.asVariable();
      if (variable.id === 0n) {
        return { type: { anyPointer: { implicitMethodParameter: { parameterIndex: variable.index } } }, ok: true };
      }
      return { type: { anyPointer: { parameter: { scopeId: variable.id, parameterIndex: variable.index } } }, ok: true };
    }
    switch (kind) {
      case 'enum': {
        const { id, brand } = this.getIdAndBrand();
        return { type: { enum: { typeId: id, brand } }, ok: true };
      }
      case 'struct': {
        const { id, brand } = this.getIdAndBrand();
        return { type: { struct: { typeId: id, brand } }, ok: true };
      }
      case 'interface': {
        const { id, brand } = this.getIdAndBrand();
        return { type: { interface: { typeId: id, brand } }, ok: true };
      }
      case 'builtinList': {
        const param = this.getListParam();
        if (param === null) {
          this.addError(reporter, "'List' requires exactly one parameter.");
          return { type: { list: { elementType: { void: null } } }, ok: false };
        }
        const element = param.compileAsType(reporter);
        if (!element.ok) return { type: { list: { elementType: element.type } }, ok: false };
        const elementType = element.type;
        if ('anyPointer' in elementType) {
          // These element types would confuse later stages; they become Void.
          const constraint = unconstrainedTag(elementType.anyPointer);
          if (constraint === 0) {
            this.addError(reporter, "'List(AnyPointer)' is not supported.");
            return { type: { list: { elementType: { void: null } } }, ok: false };
          }
          if (constraint === 1) {
            this.addError(reporter, "'List(AnyStruct)' is not supported.");
            return { type: { list: { elementType: { void: null } } }, ok: false };
          }
        }
        return { type: { list: { elementType } }, ok: true };
      }
      case 'builtinVoid': return { type: { void: null }, ok: true };
      case 'builtinBool': return { type: { bool: null }, ok: true };
      case 'builtinInt8': return { type: { int8: null }, ok: true };
      case 'builtinInt16': return { type: { int16: null }, ok: true };
      case 'builtinInt32': return { type: { int32: null }, ok: true };
      case 'builtinInt64': return { type: { int64: null }, ok: true };
      case 'builtinUInt8': return { type: { uint8: null }, ok: true };
      case 'builtinUInt16': return { type: { uint16: null }, ok: true };
      case 'builtinUInt32': return { type: { uint32: null }, ok: true };
      case 'builtinUInt64': return { type: { uint64: null }, ok: true };
      case 'builtinFloat32': return { type: { float32: null }, ok: true };
      case 'builtinFloat64': return { type: { float64: null }, ok: true };
      case 'builtinText': return { type: { text: null }, ok: true };
      case 'builtinData': return { type: { data: null }, ok: true };
      case 'builtinObject':
        this.addError(reporter, "As of Cap'n Proto 0.4, 'Object' has been renamed to 'AnyPointer'.  Sorry for the inconvenience, and thanks for being an early adopter.  :)");
        return { type: { anyPointer: { unconstrained: { anyKind: null } } }, ok: true };
      case 'builtinAnyPointer': return { type: { anyPointer: { unconstrained: { anyKind: null } } }, ok: true };
      case 'builtinAnyStruct': return { type: { anyPointer: { unconstrained: { struct: null } } }, ok: true };
      case 'builtinAnyList': return { type: { anyPointer: { unconstrained: { list: null } } }, ok: true };
      case 'builtinCapability': return { type: { anyPointer: { unconstrained: { capability: null } } }, ok: true };
      default:
        this.addError(reporter, `'${this.toString()}' is not a type.`);
        return { type: { void: null }, ok: false };
    }
  }

  /** Back to a resolve result (for an alias), with the bindings written as a brand. */
  asResolveResult(scopeId: bigint): ResolveResult {
    if (!('decl' in this.body)) return this.body;
    const decl: ResolvedDecl = { ...this.body.decl, scopeId, brand: null };
    const brand = this.brand!.compile();
    if (brand !== null) decl.brand = brand;
    return { decl };
  }
}

export class BrandScope {
  private readonly reporter: ErrorReporter;
  private parent: BrandScope | null;
  /** 0 for a scope above every file (built-in types live there). */
  private readonly leafId: bigint;
  private leafParamCount: number;
  /** The parameters of this level are those of the declaration being compiled. */
  private inherited: boolean;
  private params: BrandedDecl[];

  private constructor(reporter: ErrorReporter, parent: BrandScope | null, leafId: bigint, leafParamCount: number, inherited: boolean, params: BrandedDecl[]) {
    this.reporter = reporter;
    this.parent = parent;
    this.leafId = leafId;
    this.leafParamCount = leafParamCount;
    this.inherited = inherited;
    this.params = params;
  }

  /** The scope chain of the declaration `node` (and its parents), all parameters inherited. */
  static forDeclaration(reporter: ErrorReporter, scopeId: bigint, paramCount: number, node: CompilerNode): BrandScope {
    const parentDecl = node.getParent();
    const parent = parentDecl === null ? null : BrandScope.forDeclaration(reporter, parentDecl.id, parentDecl.genericParamCount, parentDecl.node);
    return new BrandScope(reporter, parent, scopeId, paramCount, true, []);
  }

  private static root(reporter: ErrorReporter, scopeId: bigint): BrandScope {
    return new BrandScope(reporter, null, scopeId, 0, false, []);
  }

  get scopeId(): bigint {
    return this.leafId;
  }

  /** Whether this level or any parent has generic parameters. */
  isGeneric(): boolean {
    if (this.leafParamCount > 0) return true;
    return this.parent?.isGeneric() ?? false;
  }

  push(typeId: bigint, paramCount: number): BrandScope {
    return new BrandScope(this.reporter, this, typeId, paramCount, false, []);
  }

  /** The same scope with its parameters bound; null (error reported) if the arguments do not fit. */
  setParams(params: BrandedDecl[], genericKind: DeclKind, source: Expression): BrandScope | null {
    if (this.params.length !== 0) {
      addErrorOn(this.reporter, source, 'Double-application of generic parameters.');
      return null;
    }
    if (params.length > this.leafParamCount) {
      addErrorOn(this.reporter, source, this.leafParamCount === 0 ? 'Declaration does not accept generic parameters.' : 'Too many generic parameters.');
      return null;
    }
    if (params.length < this.leafParamCount) {
      addErrorOn(this.reporter, source, 'Not enough generic parameters.');
      return null;
    }
    if (genericKind !== 'builtinList') {
      for (const param of params) {
        const kind = param.getKind();
        if (kind !== null && !POINTER_BINDING_KINDS.has(kind)) {
          param.addError(this.reporter, 'Sorry, only pointer types can be used as generic parameters.');
        }
      }
    }
    return new BrandScope(this.reporter, this.parent, this.leafId, this.leafParamCount, false, params);
  }

  /** The enclosing scope with id `newLeafId` (a fresh top-level scope if none). */
  pop(newLeafId: bigint): BrandScope {
    if (this.leafId === newLeafId) return this;
    if (this.parent !== null) return this.parent.pop(newLeafId);
    return BrandScope.root(this.reporter, newLeafId);
  }

  /**
   * What parameter `index` of scope `scopeId` is bound to: null when the scope is the one
   * being compiled (the parameter stays a parameter); AnyPointer when nothing was bound.
   */
  lookupParameter(resolver: CompilerNode, scopeId: bigint, index: number): BrandedDecl | null {
    if (scopeId === this.leafId) {
      if (index < this.params.length) return this.params[index]!.clone();
      if (this.inherited) return null;
      const decl = resolver.resolveBuiltin('builtinAnyPointer');
      return new BrandedDecl({ decl }, this.evaluateBrand(resolver, decl, []), null);
    }
    if (this.parent !== null) return this.parent.lookupParameter(resolver, scopeId, index);
    throw new CompileAbort('internal: generic parameter of a scope that is not a parent');
  }

  /** The arguments bound at scope `scopeId`; null when they are inherited. */
  getParams(scopeId: bigint): BrandedDecl[] | null {
    if (scopeId === this.leafId) return this.inherited ? null : this.params;
    if (this.parent !== null) return this.parent.getParams(scopeId);
    throw new CompileAbort('internal: generic parameters of a scope that is not a parent');
  }

  /** The bindings as a `Brand`, innermost scope first; null when nothing is bound. */
  compile(): Brand | null {
    const levels: BrandScope[] = [];
    for (let level: BrandScope | null = this; level !== null; level = level.parent) {
      if (level.params.length > 0 || (level.inherited && level.leafParamCount > 0)) levels.push(level);
    }
    if (levels.length === 0) return null;
    const scopes: Brand_Scope[] = levels.map((level) => {
      if (level.inherited) return { scopeId: level.leafId, inherit: null };
      return { scopeId: level.leafId, bind: level.params.map((param) => ({ type: param.compileAsType(this.reporter).type })) };
    });
    return { scopes };
  }

  /** A resolved name interpreted in this scope: parameters replaced by their arguments. */
  interpretResolve(resolver: CompilerNode, result: ResolveResult, source: Expression | null): BrandedDecl {
    if ('decl' in result) {
      const decl = result.decl;
      let scope = this.pop(decl.scopeId);
      scope = decl.brand !== null ? scope.evaluateBrand(resolver, decl, decl.brand.scopes ?? []) : scope.push(decl.id, decl.genericParamCount);
      return new BrandedDecl({ decl }, scope, source);
    }
    const bound = this.lookupParameter(resolver, result.parameter.id, result.parameter.index);
    return bound ?? new BrandedDecl({ parameter: result.parameter }, null, source);
  }

  /** Rebuilds a scope chain for `decl` from a written brand (an alias's target). */
  private evaluateBrand(resolver: CompilerNode, decl: ResolvedDecl, brand: readonly Brand_Scope[], index = 0): BrandScope {
    const result = BrandScope.root(this.reporter, decl.id);
    result.leafParamCount = decl.genericParamCount;
    if (index < brand.length) {
      const scope = brand[index]!;
      if (scope.scopeId === decl.id) {
        if ('bind' in scope) {
          result.params = (scope.bind ?? []).map((binding) => {
            if ('type' in binding && binding.type !== null) return this.decompileType(resolver, binding.type);
            const anyPointer = resolver.resolveBuiltin('builtinAnyPointer');
            return new BrandedDecl({ decl: anyPointer }, BrandScope.root(this.reporter, anyPointer.scopeId), null);
          });
        } else {
          const inherited = this.getParams(decl.id);
          if (inherited !== null) result.params = [...inherited];
          else result.inherited = true;
        }
        index++;
      }
    }
    const parent = decl.node.getParent();
    if (parent !== null) result.parent = this.evaluateBrand(resolver, parent, brand, index);
    return result;
  }

  /** A written type back into a branded declaration. */
  private decompileType(resolver: CompilerNode, type: Type): BrandedDecl {
    const builtin = (kind: BuiltinKind): BrandedDecl => {
      const decl = resolver.resolveBuiltin(kind);
      return new BrandedDecl({ decl }, this.evaluateBrand(resolver, decl, []), null);
    };
    const named = (typeId: bigint, brand: Brand | null): BrandedDecl => {
      const decl = resolver.resolveId(typeId);
      return new BrandedDecl({ decl }, this.evaluateBrand(resolver, decl, brand?.scopes ?? []), null);
    };
    if ('void' in type) return builtin('builtinVoid');
    if ('bool' in type) return builtin('builtinBool');
    if ('int8' in type) return builtin('builtinInt8');
    if ('int16' in type) return builtin('builtinInt16');
    if ('int32' in type) return builtin('builtinInt32');
    if ('int64' in type) return builtin('builtinInt64');
    if ('uint8' in type) return builtin('builtinUInt8');
    if ('uint16' in type) return builtin('builtinUInt16');
    if ('uint32' in type) return builtin('builtinUInt32');
    if ('uint64' in type) return builtin('builtinUInt64');
    if ('float32' in type) return builtin('builtinFloat32');
    if ('float64' in type) return builtin('builtinFloat64');
    if ('text' in type) return builtin('builtinText');
    if ('data' in type) return builtin('builtinData');
    if ('enum' in type) return named(type.enum.typeId, type.enum.brand);
    if ('interface' in type) return named(type.interface.typeId, type.interface.brand);
    if ('struct' in type) return named(type.struct.typeId, type.struct.brand);
    if ('list' in type) {
      const element = this.decompileType(resolver, type.list.elementType ?? { void: null });
      const list = builtin('builtinList').applyParams([element], null);
      if (list === null) throw new CompileAbort('internal: List did not accept its element type');
      return list;
    }
    const anyPointer = type.anyPointer;
    if ('unconstrained' in anyPointer) return builtin('builtinAnyPointer');
    if ('parameter' in anyPointer) {
      const { scopeId, parameterIndex } = anyPointer.parameter;
      return this.lookupParameter(resolver, scopeId, parameterIndex) ??
        new BrandedDecl({ parameter: { id: scopeId, index: parameterIndex } }, null, null);
    }
    throw new CompileAbort('internal: an alias refers to an implicit method parameter');
  }

  /**
   * `interpretResolve`, then records where the name led when it named a declaration (not a
   * generic parameter), after whatever the interpretation resolved on the way (an alias's
   * target), as the reference orders them.
   */
  private interpretAndRecord(resolver: CompilerNode, result: ResolveResult, source: Expression): BrandedDecl {
    const decl = this.interpretResolve(resolver, result, source);
    if ('decl' in result) this.reporter.reportResolution(source.startByte, source.endByte, result.decl.id);
    return decl;
  }

  /** Evaluates a name expression (possibly with generic arguments) in this scope. */
  compileDeclExpression(source: Expression, resolver: CompilerNode, implicitMethodParams: ImplicitParams): BrandedDecl | null {
    switch (source.kind) {
      case 'unknown':
        return null;
      case 'positiveInt':
      case 'negativeInt':
      case 'float':
      case 'string':
      case 'binary':
      case 'list':
      case 'tuple':
      case 'embed':
        addErrorOn(this.reporter, source, 'Expected name.');
        return null;
      case 'relativeName': {
        const name = source.name.value;
        const implicitIndex = implicitMethodParams.params.findIndex((param) => param.name === name);
        if (implicitIndex >= 0) {
          if (implicitMethodParams.scopeId === 0n) return BrandedDecl.implicitMethodParam(implicitIndex);
          return new BrandedDecl({ parameter: { id: implicitMethodParams.scopeId, index: implicitIndex } }, null, null);
        }
        const result = resolver.resolve(name);
        if (result === null) {
          addErrorOn(this.reporter, source.name, `Not defined: ${name}`);
          return null;
        }
        return this.interpretAndRecord(resolver, result, source);
      }
      case 'absoluteName': {
        const result = resolver.getTopScope().node.resolveMember(source.name.value);
        if (result === null) {
          addErrorOn(this.reporter, source.name, `Not defined: ${source.name.value}`);
          return null;
        }
        return this.interpretAndRecord(resolver, result, source);
      }
      case 'import': {
        const decl = reportingAbortAt(this.reporter, source.path, () => resolver.resolveImport(source.path.value));
        if (decl === null) {
          addErrorOn(this.reporter, source.path, `Import failed: ${source.path.value}`);
          return null;
        }
        this.reporter.reportResolution(source.startByte, source.endByte, decl.id);
        // An import is a file: a new top-level scope.
        return new BrandedDecl({ decl }, BrandScope.forDeclaration(this.reporter, decl.id, decl.genericParamCount, decl.node), source);
      }
      case 'application': {
        const decl = this.compileDeclExpression(source.function, resolver, implicitMethodParams);
        if (decl === null) return null;
        const compiled: BrandedDecl[] = [];
        let paramFailed = false;
        for (const param of source.params) {
          if (param.name !== null) addErrorOn(this.reporter, param.name, 'Named parameter not allowed here.');
          const compiledParam = this.compileDeclExpression(param.value, resolver, implicitMethodParams);
          if (compiledParam === null) paramFailed = true;
          else compiled.push(compiledParam);
        }
        if (paramFailed) return decl;
        // If the arguments do not fit (error reported), carry on without them.
        return decl.applyParams(compiled, source) ?? decl;
      }
      case 'member': {
        const decl = this.compileDeclExpression(source.parent, resolver, implicitMethodParams);
        if (decl === null) return null;
        const member = decl.getMember(source.name.value, source);
        if (member === null) {
          addErrorOn(this.reporter, source.name, `'${expressionString(source.parent)}' has no member named '${source.name.value}'`);
          return null;
        }
        const memberId = member.declId();
        if (memberId !== null) this.reporter.reportResolution(source.startByte, source.endByte, memberId);
        return member;
      }
    }
  }
}
