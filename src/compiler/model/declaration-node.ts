/**
 * One declaration that becomes a schema node (a file, struct, enum, interface, const or
 * annotation), or one of the built-in types of the global scope.
 *
 * Nodes are compiled lazily, in stages, because compiling one often needs others: a field's
 * type must be resolved, a default value needs the target struct's layout, a constant's value
 * may name another constant. The stages are:
 *
 * - stub: the node has its id and is known to its parent;
 * - expanded: its nested declarations exist as nodes, so names inside it can be resolved;
 * - bootstrap: it is translated to a schema node, except for the values that need other
 *   nodes' final form (struct, list and pointer defaults), which are left for later;
 * - finished: those values are filled in.
 *
 * Asking for a stage that is already being computed further up the stack means the
 * declaration depends on itself, which is reported as an error. The order in which nodes are
 * compiled (and so the order of errors) follows the reference compiler.
 */
import type { Brand, Node, Node_SourceInfo, Type } from '../../schema/types.js';
import type { Declaration, Expression } from '../syntax/ast.js';
import type { BrandedSchema, ResolvedType } from './branded-schema.js';
import { CompileAbort } from '../compile-abort.js';
import type { CompiledModule } from './schema-file.js';
import type { Compiler } from './compilation.js';
import { childId } from '../ids.js';
import { NodeTranslator } from './node-translator.js';
import type { BuiltinKind, DeclKind, ResolveResult, ResolvedDecl } from './resolver.js';
import { SchemaValidationError } from './schema-validation.js';
import { compareUtf8 } from './utf8-order.js';

const enum Stage {
  Stub,
  Expanded,
  Bootstrap,
  Finished,
}

/** How much to compile around a node (flags, combined with `|`). */
export const Eagerness = {
  NODE: 1,
  PARENTS: 2,
  CHILDREN: 4,
  /** For every node compiled, also its dependencies (field types, annotations...). */
  DEPENDENCIES: 1 << 15,
  DEPENDENCY_PARENTS: 2 << 15,
  DEPENDENCY_CHILDREN: 4 << 15,
} as const;

/**
 * The reference tool's choice for `compile`: the file and everything in it, the nodes they use
 * (transitively), and the scopes enclosing those.
 */
export const COMPILE_EAGERNESS = Eagerness.NODE | Eagerness.CHILDREN | Eagerness.DEPENDENCIES | Eagerness.DEPENDENCY_PARENTS;

/** A `using` declaration: resolved to its target the first time it is used. */
class Alias {
  private readonly module: CompiledModule;
  private readonly parent: CompilerNode;
  private readonly target: Expression;
  private result: ResolveResult | null = null;
  private compiled = false;

  constructor(module: CompiledModule, parent: CompilerNode, target: Expression) {
    this.module = module;
    this.parent = parent;
    this.target = target;
  }

  compile(): ResolveResult | null {
    if (!this.compiled) {
      this.compiled = true;
      this.result = NodeTranslator.compileDecl(this.parent.id, this.parent.genericParamCount, this.parent, this.module.reporter, this.target);
    }
    return this.result;
  }
}

export class CompilerNode {
  readonly compiler: Compiler;
  /** Null for built-in declarations. */
  readonly module: CompiledModule | null;
  readonly parent: CompilerNode | null;
  readonly declaration: Declaration | null;
  readonly id: bigint;
  /** `file.capnp:Outer.Inner` (the file name alone for a file). */
  readonly displayName: string;
  readonly kind: DeclKind;
  readonly genericParamCount: number;
  readonly isBuiltin: boolean;
  /** Where to report errors about the node as a whole: its name, or its whole declaration. */
  private readonly startByte: number;
  private readonly endByte: number;

  private stage = Stage.Stub;
  private inGetContent = false;
  private readonly nestedByName = new Map<string, CompilerNode>();
  readonly orderedNestedNodes: CompilerNode[] = [];
  private readonly aliases: { name: string; alias: Alias }[] = [];
  private translator: NodeTranslator | null = null;
  private bootstrapSucceeded = false;
  private finalSchema: Node | null = null;
  private auxSchemas: Node[] = [];
  private sourceInfo: Node_SourceInfo[] = [];
  private loadedFinalSchema: Node | null = null;

  private constructor(compiler: Compiler, module: CompiledModule | null, parent: CompilerNode | null, declaration: Declaration | null,
    id: bigint, displayName: string, kind: DeclKind, genericParamCount: number) {
    this.compiler = compiler;
    this.module = module;
    this.parent = parent;
    this.declaration = declaration;
    this.displayName = displayName;
    this.kind = kind;
    this.genericParamCount = genericParamCount;
    this.isBuiltin = module === null;
    if (declaration !== null && declaration.name.value.length > 0) {
      this.startByte = declaration.name.startByte;
      this.endByte = declaration.name.endByte;
    } else {
      this.startByte = declaration?.startByte ?? 0;
      this.endByte = declaration?.endByte ?? 0;
    }
    this.id = module === null ? id : compiler.addNode(id, this);
  }

  /** The root node of a parsed file. */
  static forFile(module: CompiledModule): CompilerNode {
    const decl = module.parsedFile;
    const id = decl.id.kind === 'uid' ? decl.id.value.value : childId(0n, decl.name.value);
    return new CompilerNode(module.compiler, module, null, decl, id, module.sourceName, 'file', decl.parameters.length);
  }

  private static forChild(parent: CompilerNode, decl: Declaration): CompilerNode {
    const id = decl.id.kind === 'uid' ? decl.id.value.value : childId(parent.id, decl.name.value);
    const separator = parent.parent === null ? ':' : '.';
    return new CompilerNode(parent.compiler, parent.module, parent, decl, id, `${parent.displayName}${separator}${decl.name.value}`,
      decl.body.kind, decl.parameters.length);
  }

  static builtin(compiler: Compiler, name: string, kind: BuiltinKind, id: bigint, genericParamCount: number): CompilerNode {
    return new CompilerNode(compiler, null, null, null, id, name, kind, genericParamCount);
  }

  addError(message: string): void {
    this.module!.reporter.addError(this.startByte, this.endByte, message);
  }

  // -------------------------------------------------------------------------------------------
  // Stages

  /** Advances to at least `minimum`; false (error reported) if that needs this very node. */
  private advanceTo(minimum: Stage): boolean {
    if (this.isBuiltin) throw new CompileAbort('internal: a built-in declaration has no content');
    if (this.stage >= minimum) return true;
    if (this.inGetContent) {
      this.addError('Declaration recursively depends on itself.');
      return false;
    }
    this.inGetContent = true;
    try {
      if (this.stage === Stage.Stub) this.expand();
      if (minimum > Stage.Expanded && this.stage === Stage.Expanded) this.bootstrap();
      if (minimum > Stage.Bootstrap && this.stage === Stage.Bootstrap) this.finish();
    } finally {
      this.inGetContent = false;
    }
    return true;
  }

  private expand(): void {
    for (const nested of this.declaration!.nestedDecls) {
      switch (nested.body.kind) {
        case 'file':
        case 'const':
        case 'annotation':
        case 'enum':
        case 'struct':
        case 'interface': {
          const node = CompilerNode.forChild(this, nested);
          this.orderedNestedNodes.push(node);
          // With duplicate names (an error reported elsewhere), the first one is found.
          if (!this.nestedByName.has(nested.name.value)) this.nestedByName.set(nested.name.value, node);
          break;
        }
        case 'using': {
          const entry = { name: nested.name.value, alias: new Alias(this.module!, this, nested.body.target) };
          // Kept sorted by name (insertion order among equal names), like the reference's map.
          let at = this.aliases.length;
          while (at > 0 && compareUtf8(this.aliases[at - 1]!.name, entry.name) > 0) at--;
          this.aliases.splice(at, 0, entry);
          break;
        }
        default:
          // Fields, enumerants, methods and unions are parts of their node, not nodes.
          break;
      }
    }
    this.stage = Stage.Expanded;
  }

  private bootstrap(): void {
    const displayName = this.displayName;
    let prefixLength = displayName.lastIndexOf('.') + 1;
    const lastColon = displayName.lastIndexOf(':');
    if (lastColon >= 0 && lastColon > prefixLength) prefixLength = lastColon + 1;
    const node: Node = {
      id: this.id,
      displayName,
      displayNamePrefixLength: prefixLength,
      scopeId: this.parent?.id ?? 0n,
      parameters: null,
      isGeneric: false,
      nestedNodes: this.orderedNestedNodes.map((nested) => ({ name: nested.declaration!.name.value, id: nested.id })),
      annotations: null,
      startByte: 0,
      endByte: 0,
      file: null,
    };
    const translator = new NodeTranslator(this, this.module!.reporter, this.declaration!, node, this.compiler.compileAnnotations);
    this.translator = translator;
    const nodeSet = translator.getBootstrapNode();
    try {
      for (const aux of nodeSet.auxNodes) this.compiler.bootstrapLoad(aux);
      this.compiler.bootstrapLoad(nodeSet.node);
      this.bootstrapSucceeded = true;
    } catch (error) {
      if (!(error instanceof SchemaValidationError)) throw error;
      this.bootstrapSucceeded = false;
      // Invalid nodes come from errors already reported; anything else is our bug.
      if (!this.module!.reporter.hadErrors()) this.addError(`Internal compiler bug: Bootstrap schema failed validation:\n${error.message}`);
    }
    this.stage = Stage.Bootstrap;
  }

  private finish(): void {
    const translator = this.translator!;
    const nodeSet = this.bootstrapSucceeded
      ? translator.finish(this.compiler.schemas.unbound(translator.node))
      : translator.getBootstrapNode();
    this.finalSchema = nodeSet.node;
    this.auxSchemas = nodeSet.auxNodes;
    this.sourceInfo = nodeSet.sourceInfo;
    this.stage = Stage.Finished;
  }

  /** The node with primitive values compiled (null if it could not be built). */
  getBootstrapSchema(): Node | null {
    if (this.loadedFinalSchema !== null) return this.loadedFinalSchema;
    if (!this.advanceTo(Stage.Bootstrap)) return null;
    return this.bootstrapSucceeded ? this.translator!.node : null;
  }

  getFinalSchema(): Node | null {
    if (this.loadedFinalSchema !== null) return this.loadedFinalSchema;
    if (!this.advanceTo(Stage.Finished)) return null;
    return this.finalSchema;
  }

  /** Adds the finished node (and its groups or param structs) to the output. */
  loadFinalSchema(): void {
    if (!this.advanceTo(Stage.Finished) || this.finalSchema === null) return;
    try {
      for (const aux of this.auxSchemas) this.compiler.finalLoad(aux);
      this.loadedFinalSchema = this.compiler.finalLoad(this.finalSchema);
    } catch (error) {
      if (!(error instanceof SchemaValidationError)) throw error;
      this.finalSchema = null;
      if (!this.module!.reporter.hadErrors()) this.addError(`Internal compiler bug: Schema failed validation:\n${error.message}`);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Eager compilation: which nodes end up in the output

  traverse(eagerness: number, seen: Map<CompilerNode, number>, sourceInfo: Node_SourceInfo[]): void {
    const slot = seen.get(this) ?? 0;
    if ((slot & eagerness) === eagerness) return;
    seen.set(this, slot | eagerness);

    if (this.advanceTo(Stage.Finished)) {
      this.loadFinalSchema();
      const schema = this.getFinalSchema();
      if (schema !== null && eagerness >>> 15 !== 0) {
        // For dependencies, the flags above DEPENDENCIES take the place of those below.
        const dependencyEagerness = ((eagerness & ~(Eagerness.DEPENDENCIES - 1)) | (eagerness >>> 15)) >>> 0;
        this.traverseNodeDependencies(schema, dependencyEagerness, seen, sourceInfo);
        for (const aux of this.auxSchemas) this.traverseNodeDependencies(aux, dependencyEagerness, seen, sourceInfo);
      }
      sourceInfo.push(...this.sourceInfo);
    }

    if (eagerness & Eagerness.PARENTS && this.parent !== null) this.parent.traverse(eagerness, seen, sourceInfo);

    if (eagerness & Eagerness.CHILDREN && this.advanceTo(Stage.Expanded)) {
      for (const child of this.orderedNestedNodes) child.traverse(eagerness, seen, sourceInfo);
      for (const { alias } of this.aliases) alias.compile();
    }
  }

  private traverseNodeDependencies(node: Node, eagerness: number, seen: Map<CompilerNode, number>, sourceInfo: Node_SourceInfo[]): void {
    if ('struct' in node) {
      for (const field of node.struct.fields ?? []) {
        if ('slot' in field && field.slot.type !== null) this.traverseType(field.slot.type, eagerness, seen, sourceInfo);
        this.traverseAnnotations(field.annotations, eagerness, seen, sourceInfo);
      }
    } else if ('enum' in node) {
      for (const enumerant of node.enum.enumerants ?? []) this.traverseAnnotations(enumerant.annotations, eagerness, seen, sourceInfo);
    } else if ('interface' in node) {
      for (const superclass of node.interface.superclasses ?? []) {
        // Id 0: the superclass failed to resolve (reported).
        if (superclass.id !== 0n) this.traverseDependency(superclass.id, eagerness, seen, sourceInfo);
        this.traverseBrand(superclass.brand, eagerness, seen, sourceInfo);
      }
      for (const method of node.interface.methods ?? []) {
        this.traverseDependency(method.paramStructType, eagerness, seen, sourceInfo);
        this.traverseBrand(method.paramBrand, eagerness, seen, sourceInfo);
        this.traverseDependency(method.resultStructType, eagerness, seen, sourceInfo);
        this.traverseBrand(method.resultBrand, eagerness, seen, sourceInfo);
        this.traverseAnnotations(method.annotations, eagerness, seen, sourceInfo);
      }
    } else if ('const' in node) {
      if (node.const.type !== null) this.traverseType(node.const.type, eagerness, seen, sourceInfo);
    } else if ('annotation' in node) {
      if (node.annotation.type !== null) this.traverseType(node.annotation.type, eagerness, seen, sourceInfo);
    }
    this.traverseAnnotations(node.annotations, eagerness, seen, sourceInfo);
  }

  private traverseType(type: Type, eagerness: number, seen: Map<CompilerNode, number>, sourceInfo: Node_SourceInfo[]): void {
    if ('list' in type) {
      if (type.list.elementType !== null) this.traverseType(type.list.elementType, eagerness, seen, sourceInfo);
      return;
    }
    const ref = 'struct' in type ? type.struct : 'enum' in type ? type.enum : 'interface' in type ? type.interface : null;
    if (ref === null) return;
    this.traverseDependency(ref.typeId, eagerness, seen, sourceInfo);
    this.traverseBrand(ref.brand, eagerness, seen, sourceInfo);
  }

  private traverseBrand(brand: Brand | null, eagerness: number, seen: Map<CompilerNode, number>, sourceInfo: Node_SourceInfo[]): void {
    for (const scope of brand?.scopes ?? []) {
      if (!('bind' in scope)) continue;
      for (const binding of scope.bind ?? []) {
        if ('type' in binding && binding.type !== null) this.traverseType(binding.type, eagerness, seen, sourceInfo);
      }
    }
  }

  /** Ids that are not nodes of their own (param structs, failed references) are skipped. */
  private traverseDependency(id: bigint, eagerness: number, seen: Map<CompilerNode, number>, sourceInfo: Node_SourceInfo[]): void {
    this.compiler.findNode(id)?.traverse(eagerness, seen, sourceInfo);
  }

  private traverseAnnotations(annotations: Node['annotations'], eagerness: number, seen: Map<CompilerNode, number>, sourceInfo: Node_SourceInfo[]): void {
    for (const annotation of annotations ?? []) this.compiler.findNode(annotation.id)?.traverse(eagerness, seen, sourceInfo);
  }

  // -------------------------------------------------------------------------------------------
  // Name resolution

  /** Looks `name` up from here: members, generic parameters, then enclosing scopes. */
  resolve(name: string): ResolveResult | null {
    const member = this.resolveMember(name);
    if (member !== null) return member;
    const params = this.declaration?.parameters ?? [];
    const index = params.findIndex((param) => param.name === name);
    if (index >= 0) return { parameter: { id: this.id, index } };
    if (this.parent !== null) return this.parent.resolve(name);
    const builtin = this.compiler.lookupBuiltin(name);
    if (builtin === null) return null;
    return { decl: builtin.asResolvedDecl(0n) };
  }

  resolveMember(name: string): ResolveResult | null {
    if (this.isBuiltin || !this.advanceTo(Stage.Expanded)) return null;
    const node = this.nestedByName.get(name);
    if (node !== undefined) return { decl: node.asResolvedDecl(this.id) };
    const alias = this.aliases.find((entry) => entry.name === name);
    return alias === undefined ? null : alias.alias.compile();
  }

  asResolvedDecl(scopeId: bigint): ResolvedDecl {
    return { id: this.id, genericParamCount: this.genericParamCount, scopeId, kind: this.kind, node: this, brand: null };
  }

  resolveBuiltin(kind: BuiltinKind): ResolvedDecl {
    return this.compiler.getBuiltin(kind).asResolvedDecl(0n);
  }

  resolveId(id: bigint): ResolvedDecl {
    const node = this.compiler.findNode(id);
    if (node === null) throw new CompileAbort(`internal: no node with id 0x${id.toString(16)}`);
    return node.asResolvedDecl(node.parent?.id ?? 0n);
  }

  getParent(): ResolvedDecl | null {
    return this.parent?.asResolvedDecl(this.parent.parent?.id ?? 0n) ?? null;
  }

  getTopScope(): ResolvedDecl {
    return this.module!.rootNode.asResolvedDecl(0n);
  }

  /** The bootstrap schema of node `id` with `brand` applied; null if it failed to compile. */
  resolveBootstrapSchema(id: bigint, brand: Brand | null): BrandedSchema | null {
    const node = this.compiler.findNode(id);
    if (node === null) throw new CompileAbort(`internal: asked for the schema of unknown id 0x${id.toString(16)}`);
    const schema = node.getBootstrapSchema();
    if (schema === null) return null;
    const schemas = this.compiler.schemas;
    return (brand?.scopes ?? []).length > 0 ? schemas.makeBranded(schema, brand, []) : schemas.defaultBrand(schema);
  }

  resolveFinalSchema(id: bigint): Node | null {
    const node = this.compiler.findNode(id);
    if (node === null) throw new CompileAbort(`internal: asked for the schema of unknown id 0x${id.toString(16)}`);
    return node.getFinalSchema();
  }

  resolveImport(name: string): ResolvedDecl | null {
    const module = this.module!.importRelative(name);
    return module === null ? null : module.rootNode.asResolvedDecl(0n);
  }

  readEmbed(name: string): Uint8Array | null {
    return this.module!.embedRelative(name);
  }

  resolveBootstrapType(type: Type, scope: BrandedSchema | null): ResolvedType | null {
    return this.compiler.schemas.typeInScope(type, scope);
  }
}
