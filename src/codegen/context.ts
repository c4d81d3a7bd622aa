/**
 * What generating one file needs to know: the schema, the generated names of every node
 * (this file's and, prefixed with their module alias, other files'), and the module-level
 * helpers (default-value constants, lazily made codecs) the file's classes refer to.
 */
import { nodeKind, SchemaGraph, type Node } from '../schema/index.js';
import { STANDARD_SCHEMA_IDS } from '../generated/std-schema-ids.js';
import { CodeWriter } from './code-writer.js';
import { capitalize, NameRegistry } from './names.js';
import { encodeBase64 } from '../runtime/base64.js';

export interface CodegenOptions {
  /**
   * Module the generated code imports the runtime from: `capstan/private` (the default), or a
   * path to the same module (`.../dist/runtime/private.js`) for code that must not resolve the
   * package by name.
   */
  runtimeImport?: string;
  /**
   * Where bindings of the standard schemas (`/capnp/*.capnp`) are imported from: the file's
   * base name is appended (`capstan/std/` + `schema.capnp.js`). Default `capstan/std/`.
   */
  stdImportPrefix?: string;
  /**
   * Module the generated code imports RPC from (only files with interfaces or capabilities
   * do). Default: `capstan/rpc`, or `<dir>/rpc/index.js` when `runtimeImport` is `<dir>/runtime/private.js`.
   */
  rpcImport?: string;
}

/** Generated names of one node. Structs use all; enums and consts use `value`; interfaces put their client class in `reader` and server type in `builder`. */
export interface NodeNames {
  /** Plain-object type (structs, groups) or the enum/const/interface name. */
  value: string;
  init: string;
  reader: string;
  builder: string;
}

/** The nodes a file generates code for, in emission order: each node, its groups, its
 * methods' param/result structs, then its nested nodes. */
export function fileNodes(graph: SchemaGraph, file: Node): Node[] {
  const out: Node[] = [];
  const visit = (node: Node) => {
    out.push(node);
    if ('struct' in node) {
      const fields = [...(node.struct.fields ?? [])].sort((a, b) => a.codeOrder - b.codeOrder);
      for (const field of fields) if ('group' in field && graph.has(field.group.typeId)) visit(graph.node(field.group.typeId));
    }
    if ('interface' in node) {
      for (const method of node.interface.methods ?? []) {
        for (const id of [method.paramStructType, method.resultStructType]) {
          if (graph.has(id) && graph.node(id).scopeId === 0n) visit(graph.node(id));
        }
      }
    }
    for (const nested of node.nestedNodes ?? []) if (graph.has(nested.id)) visit(graph.node(nested.id));
  };
  for (const nested of file.nestedNodes ?? []) if (graph.has(nested.id)) visit(graph.node(nested.id));
  return out;
}

function isGroup(node: Node): boolean {
  return 'struct' in node && node.struct.isGroup;
}

/** The TypeScript base name of a node: its scope path joined with `_`, groups capitalized. */
export function baseName(graph: SchemaGraph, node: Node): string {
  let local = SchemaGraph.localName(node);
  if (isGroup(node)) local = capitalize(local);
  if (node.scopeId === 0n || !graph.has(node.scopeId)) {
    const path = (node.displayName ?? '').split(':').slice(1).join(':');
    return path.split('.').join('_');
  }
  const scope = graph.node(node.scopeId);
  if (nodeKind(scope) === 'file') return local;
  return `${baseName(graph, scope)}_${local}`;
}

/** Allocates the names of every node of a file (deterministic, so other files can refer to them). */
export function allocateNames(graph: SchemaGraph, file: Node): Map<bigint, NodeNames> {
  const registry = new NameRegistry();
  const names = new Map<bigint, NodeNames>();
  for (const node of fileNodes(graph, file)) {
    const base = baseName(graph, node);
    const kind = nodeKind(node);
    if (kind === 'struct') {
      const value = registry.claim(base);
      names.set(node.id, {
        value,
        init: registry.claim(`${base}Init`),
        reader: registry.claim(`${base}Reader`),
        builder: registry.claim(`${base}Builder`),
      });
    } else if (kind === 'interface') {
      // An interface's client class and server type ride in the reader and builder slots.
      const value = registry.claim(base);
      names.set(node.id, { value, init: value, reader: registry.claim(`${base}Client`), builder: registry.claim(`${base}Server`) });
    } else if (kind !== 'annotation') {
      const value = registry.claim(base);
      names.set(node.id, { value, init: value, reader: value, builder: value });
    }
  }
  return names;
}

export class FileContext {
  readonly graph: SchemaGraph;
  readonly file: Node;
  readonly options: Required<CodegenOptions>;
  readonly w = new CodeWriter();
  /** Module-level constants and codecs, emitted before (constants) and after (codecs) the classes. */
  readonly constants: string[] = [];
  readonly codecs: string[] = [];
  /** Declarations that need the struct types to exist first (interfaces, pointer constants). */
  readonly deferred: string[] = [];
  private readonly constantIds = new Map<string, string>();
  private readonly codecIds = new Map<string, string>();
  private readonly imports = new Map<bigint, string>();
  private readonly namesByFile: Map<bigint, Map<bigint, NodeNames>>;

  constructor(graph: SchemaGraph, file: Node, options: Required<CodegenOptions>, namesByFile: Map<bigint, Map<bigint, NodeNames>>) {
    this.graph = graph;
    this.file = file;
    this.options = options;
    this.namesByFile = namesByFile;
  }

  private namesOfFile(file: Node): Map<bigint, NodeNames> {
    let names = this.namesByFile.get(file.id);
    if (!names) {
      names = allocateNames(this.graph, file);
      this.namesByFile.set(file.id, names);
    }
    return names;
  }

  private methodStructOwners?: Map<bigint, Node>;

  /** The interface whose method has `id` as its (auto-generated) param or result struct. */
  interfaceOfMethodStruct(id: bigint): Node | undefined {
    if (!this.methodStructOwners) {
      this.methodStructOwners = new Map();
      for (const node of this.graph.all()) {
        if (!('interface' in node) || !node.interface) continue;
        for (const m of node.interface.methods ?? []) {
          this.methodStructOwners.set(m.paramStructType, node);
          this.methodStructOwners.set(m.resultStructType, node);
        }
      }
    }
    return this.methodStructOwners.get(id);
  }

  /** The names of a node as this file refers to them (qualified if in another file). */
  names(id: bigint): NodeNames {
    const node = this.graph.node(id);
    const file = this.graph.fileOf(node);
    const names = this.namesOfFile(file).get(id);
    if (!names) throw new Error(`no generated name for ${node.displayName}`);
    if (file.id === this.file.id) return names;
    const alias = this.importAlias(file);
    return {
      value: `${alias}.${names.value}`,
      init: `${alias}.${names.init}`,
      reader: `${alias}.${names.reader}`,
      builder: `${alias}.${names.builder}`,
    };
  }

  private importAlias(file: Node): string {
    let alias = this.imports.get(file.id);
    if (!alias) {
      const stem = (file.displayName ?? 'file').split('/').pop()!.replace(/\.capnp$/, '').replace(/[^A-Za-z0-9]/g, '_');
      alias = `$${stem}`;
      // `$` and `$rpc` name the runtime and RPC imports.
      const used = new Set([...this.imports.values(), '$', '$rpc']);
      for (let n = 2; used.has(alias); n++) alias = `$${stem}${n}`;
      this.imports.set(file.id, alias);
    }
    return alias;
  }

  /** Whether this file's module imports another schema's (not a standard schema's bindings). */
  importsSchemaModules(): boolean {
    for (const id of this.imports.keys()) if (!STANDARD_SCHEMA_IDS.has(id)) return true;
    return false;
  }

  /** Import lines for the other files this file referred to. */
  importLines(): string[] {
    const lines: string[] = [];
    for (const [id, alias] of this.imports) {
      const file = this.graph.node(id);
      lines.push(`import * as ${alias} from '${this.moduleSpecifier(file)}';`);
    }
    return lines;
  }

  /**
   * Where `target`'s module is: a standard schema's bindings, known by the file's id (a file may
   * reach one without importing it: through a type of another file, or `-> stream`), else the
   * module generated beside this one.
   */
  private moduleSpecifier(target: Node): string {
    const standard = STANDARD_SCHEMA_IDS.get(target.id);
    if (standard !== undefined) return `${this.options.stdImportPrefix}${standard}.js`;
    return relativeModule(this.file.displayName ?? '', target.displayName ?? '');
  }

  /** Registers a default-value constant (a canonical message, base64); returns its identifier. */
  constant(base64: string): string {
    let id = this.constantIds.get(base64);
    if (!id) {
      id = `$default${this.constantIds.size}`;
      this.constantIds.set(base64, id);
      this.constants.push(`const ${id} = /* @__PURE__ */ $.constant('${base64}');`);
    }
    return id;
  }

  /** Registers Data bytes (a default value); returns its identifier. */
  bytesConstant(bytes: Uint8Array): string {
    const base64 = encodeBase64(bytes);
    const key = `bytes:${base64}`;
    let id = this.constantIds.get(key);
    if (!id) {
      id = `$bytes${this.constantIds.size}`;
      this.constantIds.set(key, id);
      this.constants.push(`const ${id} = /* @__PURE__ */ $.constantBytes('${base64}');`);
    }
    return id;
  }

  /** Registers the table of a union's member names, indexed by discriminant; returns its identifier. */
  whichTable(entries: [number, string][]): string {
    const names: string[] = [];
    for (const [discriminant, name] of entries) names[discriminant] = name;
    const literal = `[${Array.from(names, (n) => (n === undefined ? 'undefined' : JSON.stringify(n))).join(', ')}] as const`;
    let id = this.constantIds.get(literal);
    if (!id) {
      id = `$which${this.constantIds.size}`;
      this.constantIds.set(literal, id);
      this.constants.push(`const ${id} = ${literal};`);
    }
    return id;
  }

  /**
   * The codecs binding a generic type's parameters at a use, as an array expression: a module
   * constant (its codecs made on first use) unless one depends on an instance's own parameters.
   */
  codecList(expressions: readonly string[]): string {
    if (expressions.some((e) => e.includes('this.$params'))) return `[${expressions.join(', ')}]`;
    const lazy = expressions.map((e) => (/^(\$\.[A-Z_]+|\$codec\d+)$/.test(e) ? e : this.codec(e)));
    const literal = `[${lazy.join(', ')}]`;
    let id = this.codecIds.get(literal);
    if (!id) {
      id = `$params${this.codecIds.size}`;
      this.codecIds.set(literal, id);
      this.codecs.push(`const ${id}: readonly $.PointerCodec<any, any, any, any>[] = ${literal};`);
    }
    return id;
  }

  /** Registers a codec made on first use from `expression`; returns its identifier. */
  codec(expression: string): string {
    let id = this.codecIds.get(expression);
    if (!id) {
      id = `$codec${this.codecIds.size}`;
      this.codecIds.set(expression, id);
      this.codecs.push(`const ${id}: $.PointerCodec<any, any, any, any> = /* @__PURE__ */ $.lazyCodec(() => ${expression});`);
    }
    return id;
  }
}


/** The module specifier from generated file `from` (a schema path) to generated file `to`. */
export function relativeModule(from: string, to: string): string {
  const fromParts = from.split('/').slice(0, -1);
  const toParts = to.split('/');
  let common = 0;
  while (common < fromParts.length && common < toParts.length - 1 && fromParts[common] === toParts[common]) common++;
  const up = fromParts.length - common;
  const rest = toParts.slice(common).join('/');
  return `${up === 0 ? './' : '../'.repeat(up)}${rest}.js`;
}
