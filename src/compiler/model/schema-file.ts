/**
 * A schema file taken into a compilation: parsed on arrival, its declarations compiled lazily
 * through its root node.
 */
import type { Declaration, Expression, ParamList } from '../syntax/ast.js';
import type { Compiler } from './compilation.js';
import { CompilerNode } from './declaration-node.js';
import type { ErrorReporter, FileReporter } from '../diagnostics.js';
import { lexStatements } from '../syntax/lexer.js';
import { OUTSIDE_DIRECTORY, type SourceModule } from '../files/module-loader.js';
import { CompileAbort } from '../compile-abort.js';
import { parseFile } from '../syntax/parser.js';
import { compareUtf8 } from './utf8-order.js';
import type { SchemaLanguage } from '../language.js';

/**
 * The reference compiler gives up on the run when a relative path climbs above the directory
 * the file was found in (with `--src-prefix`, or along the import path).
 */
const BREAKS_OUT_MESSAGE = 'can\'t use ".." to break out of starting directory';

/**
 * It also gives up on an import or embed path that begins with two slashes: the rest of it,
 * after the one slash that means "along the import path", is itself absolute.
 */
function checkNotDoublyAbsolute(path: string): void {
  if (path.startsWith('//')) throw new CompileAbort(`expected a relative path, got absolute; path = ${path.slice(1)}`);
}

export class CompiledModule {
  readonly compiler: Compiler;
  readonly source: SourceModule;
  readonly reporter: FileReporter;
  readonly parsedFile: Declaration;
  readonly rootNode: CompilerNode;

  constructor(compiler: Compiler, source: SourceModule, reporter: FileReporter, parsedFile: Declaration) {
    this.compiler = compiler;
    this.source = source;
    this.reporter = reporter;
    this.parsedFile = parsedFile;
    this.rootNode = CompilerNode.forFile(this);
  }

  /** Lexes and parses a file (errors go to `reporter`). */
  static parse(source: SourceModule, reporter: ErrorReporter, language: SchemaLanguage, requireId: boolean): Declaration {
    const statements = lexStatements(source.content, reporter, language) ?? [];
    return parseFile(statements, reporter, requireId);
  }

  get sourceName(): string {
    return this.source.sourceName;
  }

  importRelative(path: string): CompiledModule | null {
    checkNotDoublyAbsolute(path);
    const source = this.compiler.modules.importRelative(this.source, path);
    if (source === OUTSIDE_DIRECTORY) throw new CompileAbort(BREAKS_OUT_MESSAGE);
    return source === null ? null : this.compiler.addModule(source);
  }

  embedRelative(path: string): Uint8Array | null {
    checkNotDoublyAbsolute(path);
    const content = this.compiler.modules.embedRelative(this.source, path);
    if (content === OUTSIDE_DIRECTORY) throw new CompileAbort(BREAKS_OUT_MESSAGE);
    return content;
  }

  /**
   * The files this one imports for types (the imports generated code must include), sorted by
   * name, with their ids: `CodeGeneratorRequest.RequestedFile.imports`.
   */
  importTable(): { id: bigint; name: string }[] {
    const names = new Set<string>();
    collectDeclImports(this.parsedFile, names);
    const sorted = [...names].sort(compareUtf8);
    const table: { id: bigint; name: string }[] = [];
    for (const name of sorted) {
      const module = this.importRelative(name);
      if (module !== null) table.push({ id: module.rootNode.id, name });
    }
    return table;
  }
}

function collectExpressionImports(expression: Expression, out: Set<string>): void {
  switch (expression.kind) {
    case 'import':
      out.add(expression.path.value);
      break;
    case 'list':
      for (const element of expression.elements) collectExpressionImports(element, out);
      break;
    case 'tuple':
      for (const param of expression.params) collectExpressionImports(param.value, out);
      break;
    case 'application':
      collectExpressionImports(expression.function, out);
      for (const param of expression.params) collectExpressionImports(param.value, out);
      break;
    case 'member':
      collectExpressionImports(expression.parent, out);
      break;
    default:
      break;
  }
}

function collectParamListImports(list: ParamList, out: Set<string>): void {
  switch (list.kind) {
    case 'namedList':
      for (const param of list.params) {
        collectExpressionImports(param.type, out);
        for (const annotation of param.annotations) collectExpressionImports(annotation.name, out);
      }
      break;
    case 'type':
      collectExpressionImports(list.type, out);
      break;
    case 'stream':
      out.add('/capnp/stream.capnp');
      break;
  }
}

/** Imports used for types and annotations (values are embedded whole, so theirs are not). */
function collectDeclImports(decl: Declaration, out: Set<string>): void {
  const body = decl.body;
  switch (body.kind) {
    case 'using': collectExpressionImports(body.target, out); break;
    case 'const': collectExpressionImports(body.type, out); break;
    case 'field': collectExpressionImports(body.type, out); break;
    case 'interface': for (const superclass of body.superclasses) collectExpressionImports(superclass, out); break;
    case 'method':
      collectParamListImports(body.params, out);
      if (body.results !== null) collectParamListImports(body.results, out);
      break;
    default: break;
  }
  for (const annotation of decl.annotations) collectExpressionImports(annotation.name, out);
  for (const nested of decl.nestedDecls) collectDeclImports(nested, out);
}
