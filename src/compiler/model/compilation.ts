/**
 * A compilation: the files taken in, every node by id, the built-in types, and the two sets of
 * compiled nodes — the bootstrap set, consulted while compiling (primitive values filled in,
 * pointer values not yet), and the final set, which is what the request reports.
 */
import type { Node, Node_SourceInfo } from '../../schema/types.js';
import { SchemaResolver } from './branded-schema.js';
import { CompiledModule } from './schema-file.js';
import { CompilerNode } from './declaration-node.js';
import type { DiagnosticSink } from '../diagnostics.js';
import { formatId } from '../ids.js';
import type { ModuleLoader, SourceModule } from '../files/module-loader.js';
import { BUILTIN_KINDS, type BuiltinKind } from './resolver.js';
import { SchemaValidationError, validateNode, type NodeKind } from './schema-validation.js';
import { DEFAULT_SCHEMA_LANGUAGE, type SchemaLanguage } from '../language.js';
import { STREAM_RESULT_ID } from './node-translator.js';
import { nodeUsesType } from './type-uses.js';

const TOP_BIT = 1n << 63n;

export class Compiler {
  readonly sink: DiagnosticSink;
  readonly modules: ModuleLoader;
  readonly compileAnnotations: boolean;
  /** The edition of the language the files are read in. */
  readonly language: SchemaLanguage;
  /** Whether a file without an id is an error (else it gets a random one). */
  readonly fileIdsRequired: boolean;
  readonly schemas: SchemaResolver;

  private readonly compiledModules = new Map<SourceModule, CompiledModule>();
  private readonly modulesByFileId = new Map<bigint, CompiledModule>();
  private readonly nodesById = new Map<bigint, CompilerNode>();
  private readonly builtinsByName = new Map<string, CompilerNode>();
  private readonly builtinsByKind = new Map<BuiltinKind, CompilerNode>();
  /** Stands in for ids that collided with an earlier declaration's (an error). */
  private nextBogusId = 1000n;
  private readonly bootstrapNodes = new Map<bigint, Node>();
  /**
   * Empty stand-ins for types used by bootstrap nodes (see `bootstrapLoad`). One becomes `live`
   * (visible to every lookup) once reached through another node's member type after its own
   * node failed to compile.
   */
  private readonly placeholders = new Map<bigint, { node: Node; live: boolean }>();
  /** The output: finished nodes, in the order they were completed. */
  readonly finalNodes = new Map<bigint, Node>();
  /** Doc comments and member docs, first entry per id wins (as in the reference). */
  readonly sourceInfoById = new Map<bigint, Node_SourceInfo>();

  constructor(sink: DiagnosticSink, modules: ModuleLoader, compileAnnotations = true, language: SchemaLanguage = DEFAULT_SCHEMA_LANGUAGE, fileIdsRequired = true) {
    this.sink = sink;
    this.modules = modules;
    this.compileAnnotations = compileAnnotations;
    this.language = language;
    this.fileIdsRequired = fileIdsRequired;
    this.schemas = new SchemaResolver((id) => this.typeLookup(id), (id) => this.dependencyLookup(id));
    BUILTIN_KINDS.forEach((kind, index) => {
      const name = kind.slice('builtin'.length);
      // A built-in's id only needs to be distinct from real ones (which have the top bit set),
      // but it shows in `fileSourceInfo`, where a name like `UInt32` resolves to it. The
      // reference numbers them 1000 + the discriminant of their kind in its syntax tree's
      // Declaration union, where the built-ins follow 14 kinds of declaration, in this order.
      const node = CompilerNode.builtin(this, name, kind, 1014n + BigInt(index), kind === 'builtinList' ? 1 : 0);
      this.builtinsByName.set(name, node);
      this.builtinsByKind.set(kind, node);
    });
  }

  /** Takes a file into the compilation (parsing it the first time). */
  addModule(source: SourceModule): CompiledModule {
    const known = this.compiledModules.get(source);
    if (known !== undefined) return known;
    const reporter = this.sink.reporterFor(source.displayName, source.content);
    const parsedFile = CompiledModule.parse(source, reporter, this.language, this.fileIdsRequired);
    const fileId = parsedFile.id.kind === 'uid' ? parsedFile.id.value.value : 0n;
    // Another version of one of Capstan's standard schemas (the same file id: say, the system's
    // copy named on the command line, while imports find the embedded one) is that schema: the
    // version taken in first is used, rather than reporting a duplicate id.
    const twin = this.modulesByFileId.get(fileId);
    if (twin !== undefined && (twin.source.directory.parts === null || source.directory.parts === null)) {
      this.compiledModules.set(source, twin);
      return twin;
    }
    const module = new CompiledModule(this, source, reporter, parsedFile);
    this.compiledModules.set(source, module);
    if (!this.modulesByFileId.has(fileId)) this.modulesByFileId.set(fileId, module);
    return module;
  }

  /**
   * Registers `node` under `desiredId`; on a collision, reports it (for real ids) and gives
   * the node a stand-in id so compilation can go on.
   */
  addNode(desiredId: bigint, node: CompilerNode): bigint {
    for (;;) {
      const existing = this.nodesById.get(desiredId);
      if (existing === undefined) {
        this.nodesById.set(desiredId, node);
        return desiredId;
      }
      if ((desiredId & TOP_BIT) !== 0n) {
        node.addError(`Duplicate ID ${formatId(desiredId)}.`);
        existing.addError(`ID ${formatId(desiredId)} originally used here.`);
      }
      desiredId = this.nextBogusId++;
    }
  }

  findNode(id: bigint): CompilerNode | null {
    return this.nodesById.get(id) ?? null;
  }

  lookupBuiltin(name: string): CompilerNode | null {
    return this.builtinsByName.get(name) ?? null;
  }

  getBuiltin(kind: BuiltinKind): CompilerNode {
    return this.builtinsByKind.get(kind)!;
  }

  /**
   * Makes a bootstrap node available to the compilation (the first version of an id wins).
   * The types it uses that are not available yet get an empty stand-in, used if their own
   * compilation fails (as in the reference compiler, whose follow-up errors depend on it).
   */
  bootstrapLoad(node: Node): void {
    if (this.bootstrapNodes.has(node.id)) return;
    validateNode(node, (id, kind) => {
      const existing = this.bootstrapNodes.get(id) ?? this.placeholders.get(id)?.node;
      if (existing === undefined) {
        this.placeholders.set(id, { node: emptyNode(id, `(unknown type used by ${node.displayName ?? ''})`, kind), live: false });
      } else if (!(kind in existing)) {
        throw new SchemaValidationError(`${node.displayName ?? ''}: expected a different kind of node for this ID`);
      }
    });
    this.bootstrapNodes.set(node.id, node);
  }

  /**
   * The output's nodes, in the order they were finished. When another node uses StreamResult
   * (a `-> stream` method does), the reference loads its own built-in copy of that node in place
   * of the one compiled from stream.capnp; the copies are the same but for the source position,
   * which the built-in one lacks.
   */
  finalNodeList(): Node[] {
    const nodes = [...this.finalNodes.values()];
    const builtinStreamResult = nodes.some((node) => nodeUsesType(node, STREAM_RESULT_ID));
    return nodes.map((node) => (node.id === STREAM_RESULT_ID && builtinStreamResult ? { ...node, startByte: 0, endByte: 0 } : node));
  }

  /** Adds a finished node to the output (the first version of an id wins). */
  finalLoad(node: Node): Node {
    const existing = this.finalNodes.get(node.id);
    if (existing !== undefined) return existing;
    validateNode(node);
    this.finalNodes.set(node.id, node);
    return node;
  }

  /**
   * A type's bootstrap node by id, compiling it on demand; null if it could not be built
   * (unless a stand-in for it is live).
   */
  private typeLookup(id: bigint): Node | null {
    const loaded = this.bootstrapNodes.get(id);
    if (loaded !== undefined) return loaded;
    const placeholder = this.placeholders.get(id);
    if (placeholder?.live === true) return placeholder.node;
    this.findNode(id)?.getBootstrapSchema();
    return this.bootstrapNodes.get(id) ?? null;
  }

  /**
   * The node of a type another node's member uses. When it fails to compile, its empty
   * stand-in is used instead, and from then on for every lookup.
   */
  private dependencyLookup(id: bigint): Node | null {
    const node = this.typeLookup(id);
    if (node !== null) return node;
    const placeholder = this.placeholders.get(id);
    if (placeholder === undefined) return null;
    placeholder.live = true;
    return placeholder.node;
  }

  /** Compiles `root` and what `eagerness` asks for around it; records their source info. */
  eagerlyCompile(root: CompilerNode, eagerness: number): void {
    const sourceInfo: Node_SourceInfo[] = [];
    root.traverse(eagerness, new Map(), sourceInfo);
    for (const info of sourceInfo) if (!this.sourceInfoById.has(info.id)) this.sourceInfoById.set(info.id, info);
  }
}

/** An empty node of the given kind: what a type that failed to compile reads as. */
function emptyNode(id: bigint, displayName: string, kind: NodeKind): Node {
  const base = {
    id, displayName, displayNamePrefixLength: 0, scopeId: 0n, parameters: null, isGeneric: false, nestedNodes: null,
    annotations: null, startByte: 0, endByte: 0,
  };
  switch (kind) {
    case 'struct':
      return { ...base, struct: { dataWordCount: 0, pointerCount: 0, preferredListEncoding: 0, isGroup: false, discriminantCount: 0, discriminantOffset: 0, fields: null } };
    case 'enum':
      return { ...base, enum: { enumerants: null } };
    case 'interface':
      return { ...base, interface: { methods: null, superclasses: null } };
  }
}
