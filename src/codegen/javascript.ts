/**
 * JavaScript output (`-o js`): a `.js` module and its `.d.ts` declarations per schema file,
 * derived from the generated TypeScript by two transformations of its text: stripping the types
 * (for `.js`) and removing the bodies (for `.d.ts`).
 *
 * Why derive rather than emit JavaScript from the generator directly: the TypeScript generator
 * stays the one source of truth for what a schema becomes (every layout decision, name and
 * default lives in one place), and the JavaScript cannot drift from it. Types in the generated
 * code sit in many template strings; threading a "with types or not" switch through every one of
 * them would be two generators sharing a file.
 *
 * Why this is not a general TypeScript transpiler: it understands the syntax the generator
 * writes and nothing more: top-level `import`, `type`, `interface`, `class` and `const`/`let`
 * statements; class fields, constructors, methods and accessors; object literals with methods
 * and accessors; arrow functions; `as` casts, non-null `!`, type arguments on calls, `new` and
 * instantiation expressions. Anything else is an error naming the line, never a silent
 * mistranslation. Tests check the output, over every fixture schema, against esbuild's
 * transform of the same TypeScript (esbuild and TypeScript are dev dependencies only: nothing
 * here needs them at run time).
 *
 * Declarations need types the TypeScript leaves to inference in a few places, all of the
 * generator's own making: `new $.StructType<...>(...)` (the type is the constructed one), the
 * interface objects and enums (object literals of literals, references, methods and getters,
 * typed as TypeScript would infer them).
 */
import type { CodeGeneratorRequest } from '../schema/index.js';
import type { CodegenOptions } from './context.js';
import { generateTypeScript, type GeneratedFile } from './generate.js';

type TokenKind = 'space' | 'comment' | 'string' | 'template' | 'number' | 'name' | 'punct';

interface Token {
  kind: TokenKind;
  text: string;
  line: number;
}

const PUNCTUATORS = ['...', '===', '!==', '??=', '=>', '==', '!=', '??', '?.', '&&', '||', '>=', '<=', '++', '--', '+=', '-=', '*=', '/=', '|=', '&=', '^=', '**'];

/** Words after which a `!`, `<` or `as` does not follow an expression. */
const KEYWORDS = new Set([
  'return', 'typeof', 'case', 'void', 'in', 'of', 'new', 'delete', 'throw', 'yield', 'await', 'instanceof', 'else', 'do',
  'const', 'let', 'var', 'if', 'switch', 'while', 'for', 'export', 'import', 'default', 'class', 'extends',
]);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  const push = (kind: TokenKind, end: number) => {
    const t = text.slice(i, end);
    tokens.push({ kind, text: t, line });
    for (const c of t) if (c === '\n') line++;
    i = end;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      push('space', j);
    } else if (text.startsWith('//', i)) {
      const j = text.indexOf('\n', i);
      push('comment', j < 0 ? text.length : j);
    } else if (text.startsWith('/*', i)) {
      const j = text.indexOf('*/', i + 2);
      if (j < 0) throw new Error(`javascript output: unterminated comment at line ${line}`);
      push('comment', j + 2);
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\') j++;
        else if (c === '`' && text.startsWith('${', j)) throw new Error(`javascript output: template substitutions are not supported (line ${line})`);
        else if (c !== '`' && text[j] === '\n') throw new Error(`javascript output: unterminated string at line ${line}`);
        j++;
      }
      if (j >= text.length) throw new Error(`javascript output: unterminated string at line ${line}`);
      push(c === '`' ? 'template' : 'string', j + 1);
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = /^(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:[0-9][0-9_]*)?\.?[0-9_]*(?:[eE][+-]?[0-9]+)?)n?/.exec(text.slice(i))!;
      push('number', i + Math.max(1, m[0].length));
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z0-9_$]+/.exec(text.slice(i))!;
      push('name', i + m[0].length);
    } else {
      const p = PUNCTUATORS.find((q) => text.startsWith(q, i));
      push('punct', i + (p?.length ?? 1));
    }
  }
  return tokens;
}

/**
 * The tokens of a module, edited in place: `sig` indexes the significant ones (not space or
 * comments); edits replace or delete spans of tokens, and `toString` joins what is left.
 */
class Source {
  readonly tokens: Token[];
  readonly sig: number[];
  private readonly out: (string | null)[];

  constructor(text: string) {
    this.tokens = tokenize(text);
    this.sig = [];
    this.tokens.forEach((t, i) => {
      if (t.kind !== 'space' && t.kind !== 'comment') this.sig.push(i);
    });
    this.out = this.tokens.map((t) => t.text);
  }

  get length(): number {
    return this.sig.length;
  }

  text(i: number): string {
    return i < this.sig.length ? this.tokens[this.sig[i]!]!.text : '';
  }

  kind(i: number): TokenKind | 'end' {
    return i < this.sig.length ? this.tokens[this.sig[i]!]!.kind : 'end';
  }

  fail(i: number, what: string): never {
    const line = i < this.sig.length ? this.tokens[this.sig[i]!]!.line : this.tokens.at(-1)?.line ?? 0;
    throw new Error(`javascript output: ${what} at line ${line} (near '${this.text(i)}')`);
  }

  expect(i: number, text: string): number {
    if (this.text(i) !== text) this.fail(i, `expected '${text}'`);
    return i + 1;
  }

  /** Index of the token closing the bracket at `i` (`(`, `[`, `{` or `<`). */
  matching(i: number): number {
    const open = this.text(i);
    const close = ({ '(': ')', '[': ']', '{': '}', '<': '>' } as Record<string, string>)[open];
    if (close === undefined) this.fail(i, 'expected a bracket');
    let depth = 0;
    for (let j = i; j < this.sig.length; j++) {
      const t = this.text(j);
      if (open === '<') {
        if (t === '<') depth++;
        else if (t === '>' && --depth === 0) return j;
      } else if (t === '(' || t === '[' || t === '{') depth++;
      else if (t === ')' || t === ']' || t === '}') {
        if (--depth === 0) {
          if (t !== close) this.fail(j, `'${open}' closed by '${t}'`);
          return j;
        }
      }
    }
    return this.fail(i, 'unclosed bracket');
  }

  /** The first token at or after `i`, outside brackets, that is one of `texts`. */
  find(i: number, texts: readonly string[]): number {
    for (let j = i; j < this.sig.length; j++) {
      const t = this.text(j);
      if (texts.includes(t)) return j;
      if (t === '(' || t === '[' || t === '{') j = this.matching(j);
    }
    return this.fail(i, `expected one of ${texts.join(' ')}`);
  }

  /** Replaces significant tokens `a..b` (and everything between them) with `text`. */
  replace(a: number, b: number, text: string): void {
    const from = this.sig[a]!;
    const to = this.sig[b]!;
    for (let k = from; k <= to; k++) this.out[k] = '';
    this.out[from] = text;
  }

  /**
   * Deletes significant tokens `a..b`, with the space before them (so `x: T` becomes `x`), or
   * with their leading comments, as `a` statement's own.
   */
  remove(a: number, b: number, leading: 'space' | 'comments' | 'trailing' | 'none' = 'space'): void {
    let from = this.sig[a]!;
    let to = this.sig[b]!;
    if (leading === 'trailing' && this.tokens[to + 1]?.kind === 'space' && !this.tokens[to + 1]!.text.includes('\n')) to++;
    if (leading === 'space' && from > 0 && this.tokens[from - 1]!.kind === 'space' && !this.tokens[from - 1]!.text.includes('\n')) from--;
    if (leading === 'comments') {
      const previous = a > 0 ? this.sig[a - 1]! : -1;
      let first = from;
      for (let k = from - 1; k > previous; k--) if (this.tokens[k]!.kind === 'comment') first = k;
      from = first;
    }
    for (let k = from; k <= to; k++) this.out[k] = '';
  }

  /** The text of tokens `a..b` as edited so far. */
  slice(a: number, b: number): string {
    return this.out.slice(this.sig[a]!, this.sig[b]! + 1).join('');
  }

  /** Comments between significant tokens `a - 1` and `a`. */
  leadingComments(a: number): string[] {
    const previous = a > 0 ? this.sig[a - 1]! : -1;
    const out: string[] = [];
    for (let k = previous + 1; k < this.sig[a]!; k++) if (this.tokens[k]!.kind === 'comment') out.push(this.tokens[k]!.text);
    return out;
  }

  toString(): string {
    return this.out.join('');
  }
}

function isName(s: Source, i: number): boolean {
  return s.kind(i) === 'name';
}

/** Whether token `i` ends an operand (so a following `!` is non-null, `as` a cast). */
function endsOperand(s: Source, i: number): boolean {
  const t = s.text(i);
  if (t === ')' || t === ']') return true;
  if (s.kind(i) === 'string' || s.kind(i) === 'number') return true;
  if (!isName(s, i)) return false;
  return s.text(i - 1) === '.' || !KEYWORDS.has(t);
}

// ---------------------------------------------------------------------------------------------
// Types: only skipped (for .js) or copied (for .d.ts), so a parse finds where one ends.

/** The index after the type starting at `i`. */
function skipType(s: Source, i: number): number {
  if (s.text(i) === '|' || s.text(i) === '&') i++;
  i = skipPostfixType(s, i);
  while (s.text(i) === '|' || s.text(i) === '&') i = skipPostfixType(s, i + 1);
  return i;
}

/** Where the type at `i` ends, or -1 when what is there is no type. */
function typeEnd(s: Source, i: number): number {
  try {
    return skipType(s, i);
  } catch {
    return -1;
  }
}

function skipPostfixType(s: Source, i: number): number {
  i = skipPrimaryType(s, i);
  while (s.text(i) === '[') i = s.matching(i) + 1;
  return i;
}

function skipPrimaryType(s: Source, i: number): number {
  const t = s.text(i);
  if (t === 'readonly' || t === 'keyof' || t === 'unique') return skipPostfixType(s, i + 1);
  if (t === 'typeof') return skipTypeReference(s, i + 1);
  if (t === '(') {
    const close = s.matching(i);
    if (s.text(close + 1) === '=>') return skipType(s, close + 2);
    return close + 1;
  }
  if (t === '{' || t === '[') return s.matching(i) + 1;
  if (t === '-' && s.kind(i + 1) === 'number') return i + 2;
  if (s.kind(i) === 'string' || s.kind(i) === 'number' || s.kind(i) === 'template') return i + 1;
  if (isName(s, i)) return skipTypeReference(s, i);
  return s.fail(i, 'expected a type');
}

function skipTypeReference(s: Source, i: number): number {
  if (!isName(s, i)) s.fail(i, 'expected a type name');
  i++;
  while (s.text(i) === '.' && isName(s, i + 1)) i += 2;
  if (s.text(i) === '<') i = s.matching(i) + 1;
  return i;
}

// ---------------------------------------------------------------------------------------------
// .js: types out, code kept.

/**
 * Strips the types from the code in tokens `i..end` (exclusive): a function body, an
 * initializer, an argument. Declarations of local variables, casts, non-null assertions, type
 * arguments, arrow function parameters and object literal methods are the places types occur.
 */
function stripCode(s: Source, i: number, end: number): void {
  while (i < end) {
    const t = s.text(i);
    if ((t === 'const' || t === 'let' || t === 'var') && isName(s, i + 1) && s.text(i + 2) === ':') {
      const after = skipType(s, i + 3);
      s.remove(i + 2, after - 1, 'none');
      i = after;
      continue;
    }
    if (t === 'as' && i > 0 && (endsOperand(s, i - 1) || s.text(i - 1) === '}') && s.text(i - 1) !== '.' && s.text(i + 1) !== ':' && s.text(i + 1) !== ',') {
      const after = skipType(s, i + 1);
      s.remove(i, after - 1);
      i = after;
      continue;
    }
    if (t === '!' && i > 0 && endsOperand(s, i - 1)) {
      s.remove(i, i, 'none');
      i++;
      continue;
    }
    if (t === '<' && i > 0 && isName(s, i - 1) && !KEYWORDS.has(s.text(i - 1))) {
      const close = s.matching(i);
      if ([')', '(', ',', ';', ']'].includes(s.text(close + 1))) {
        s.remove(i, close, 'none');
        i = close + 1;
        continue;
      }
      s.fail(i, "a '<' that is neither type arguments nor understood");
    }
    if (t === '(') {
      const close = s.matching(i);
      if (s.text(close + 1) === '=>') {
        stripParameters(s, i, close);
        i = close + 1;
        continue;
      }
      // An arrow function with a return type: `(a: T): R => ...`.
      const returns = s.text(close + 1) === ':' ? typeEnd(s, close + 2) : -1;
      if (returns >= 0 && s.text(returns) === '=>') {
        stripParameters(s, i, close);
        s.remove(close + 1, returns - 1, 'none');
        i = returns;
        continue;
      }
    }
    // A method or accessor of an object literal (not a block: `try {` then `if (...) {`).
    const block = t === '{' && i > 0 && ['try', 'else', 'finally', 'do'].includes(s.text(i - 1));
    if ((t === '{' || t === ',') && !block && (isName(s, i + 1) || s.kind(i + 1) === 'string')) {
      let k = i + 1;
      if ((s.text(k) === 'get' || s.text(k) === 'set' || s.text(k) === 'async') && (isName(s, k + 1) || s.kind(k + 1) === 'string')) k++;
      if (s.text(k + 1) === '(' || s.text(k + 1) === '<') {
        const open = s.text(k + 1) === '<' ? s.matching(k + 1) + 1 : k + 1;
        const close = s.text(open) === '(' ? s.matching(open) : -1;
        if (close >= 0 && (s.text(close + 1) === ':' || s.text(close + 1) === '{')) {
          const body = stripSignature(s, k + 1);
          i = body;
          continue;
        }
      }
    }
    i++;
  }
}

/**
 * Strips a function's type parameters (at `i` when it is `<`), its parameters' types and its
 * return type; returns the index of its body's `{`.
 */
function stripSignature(s: Source, i: number): number {
  if (s.text(i) === '<') {
    const close = s.matching(i);
    s.remove(i, close, 'none');
    i = close + 1;
  }
  if (s.text(i) !== '(') s.fail(i, "expected '('");
  const close = s.matching(i);
  stripParameters(s, i, close);
  let body = close + 1;
  if (s.text(body) === ':') {
    const after = skipType(s, body + 1);
    s.remove(body, after - 1, 'none');
    body = after;
  }
  if (s.text(body) !== '{') s.fail(body, "expected a function body '{'");
  return body;
}

/** The parameters in the brackets `open..close`, split at top-level commas: [first, last] each. */
function parameters(s: Source, open: number, close: number): [number, number][] {
  const out: [number, number][] = [];
  let start = open + 1;
  for (let j = open + 1; j <= close; j++) {
    const t = s.text(j);
    if (j === close || t === ',') {
      if (j > start) out.push([start, j - 1]);
      start = j + 1;
    } else if (t === '(' || t === '[' || t === '{' || t === '<') j = s.matching(j);
  }
  return out;
}

function stripParameters(s: Source, open: number, close: number): void {
  for (const [first, last] of parameters(s, open, close)) {
    let k = first;
    if (s.text(k) === '...') k++;
    if (!isName(s, k)) s.fail(k, 'expected a parameter name');
    k++;
    if (s.text(k) === '?') {
      s.remove(k, k, 'none');
      k++;
    }
    if (s.text(k) === ':') {
      const after = skipType(s, k + 1);
      s.remove(k, after - 1, 'none');
      k = after;
    }
    if (s.text(k) === '=') {
      stripCode(s, k + 1, last + 1);
      k = last + 1;
    }
    if (k !== last + 1) s.fail(k, 'unexpected token in a parameter');
  }
}

// ---------------------------------------------------------------------------------------------
// Top level, shared by both outputs.

interface Statement {
  /** `export`ed. */
  exported: boolean;
  /** Index of the keyword after `export`. */
  keyword: number;
  /** Index of the statement's last token. */
  end: number;
}

const MODIFIERS = new Set(['readonly', 'static', 'public', 'private', 'protected', 'override', 'declare', 'abstract']);

/** Splits a class body `{ ... }` at `open` into members. */
function classMembers(s: Source, open: number): { start: number; name: number; kind: 'field' | 'method'; signature: number; end: number }[] {
  const close = s.matching(open);
  const members: { start: number; name: number; kind: 'field' | 'method'; signature: number; end: number }[] = [];
  let i = open + 1;
  while (i < close) {
    if (s.text(i) === ';') {
      i++;
      continue;
    }
    const start = i;
    const follows = (k: number) => isName(s, k + 1) || s.kind(k + 1) === 'string' || s.text(k + 1) === '[';
    while (MODIFIERS.has(s.text(i)) && follows(i)) i++;
    if ((s.text(i) === 'get' || s.text(i) === 'set') && follows(i)) i++;
    const name = i;
    if (s.text(i) === '[') i = s.matching(i) + 1;
    else if (isName(s, i) || s.kind(i) === 'string') i++;
    else s.fail(i, 'expected a class member');
    if (s.text(i) === '?' || s.text(i) === '!') i++;
    if (s.text(i) === '(' || s.text(i) === '<') {
      const signature = i;
      const paramsOpen = s.text(i) === '<' ? s.matching(i) + 1 : i;
      let k = s.matching(paramsOpen) + 1;
      if (s.text(k) === ':') k = skipType(s, k + 1);
      if (s.text(k) !== '{') s.fail(k, 'expected a method body');
      const end = s.matching(k);
      members.push({ start, name, kind: 'method', signature, end });
      i = end + 1;
    } else {
      const end = s.find(i, [';']);
      members.push({ start, name, kind: 'field', signature: i, end });
      i = end + 1;
    }
  }
  return members;
}

function statements(s: Source, visit: (st: Statement) => void): void {
  let i = 0;
  while (i < s.length) {
    const exported = s.text(i) === 'export';
    const keyword = exported ? i + 1 : i;
    let end: number;
    switch (s.text(keyword)) {
      case 'import':
      case 'type':
      case 'const':
      case 'let':
        end = s.find(keyword, [';']);
        break;
      case '{':
        end = s.find(keyword, [';']);
        break;
      case 'interface':
      case 'class':
        end = s.matching(s.find(keyword, ['{']));
        break;
      default:
        s.fail(keyword, 'unexpected statement');
    }
    visit({ exported, keyword, end });
    i = end + 1;
  }
}

/** The type parameters or arguments at `i` (when it is `<`): the index after them. */
function skipAngles(s: Source, i: number): number {
  return s.text(i) === '<' ? s.matching(i) + 1 : i;
}

/** TypeScript to JavaScript, for the generator's own output (see the top of this file). */
export function stripTypes(typescript: string): string {
  const s = new Source(typescript);
  statements(s, ({ keyword, end }) => {
    switch (s.text(keyword)) {
      case 'type':
      case 'interface':
        s.remove(firstOf(s, keyword), end, 'comments');
        return;
      case 'const':
      case 'let': {
        let k = keyword + 2;
        if (s.text(k) === ':') {
          const after = skipType(s, k + 1);
          s.remove(k, after - 1, 'none');
          k = after;
        }
        if (s.text(k) === '=') stripCode(s, k + 1, end);
        else if (k !== end) s.fail(k, "expected '=' or ';'");
        return;
      }
      case 'class':
        stripClass(s, keyword);
        return;
      default:
        return;
    }
  });
  return dropUnusedImports(tidy(s.toString()));
}

/** The statement's first token (`export` when exported). */
function firstOf(s: Source, keyword: number): number {
  return keyword > 0 && s.text(keyword - 1) === 'export' ? keyword - 1 : keyword;
}

function stripClass(s: Source, keyword: number): void {
  let i = keyword + 2;
  if (s.text(i) === '<') {
    const close = s.matching(i);
    s.remove(i, close, 'none');
    i = close + 1;
  }
  if (s.text(i) === 'extends') {
    i = skipTypeReferenceExpression(s, i + 1);
  }
  if (s.text(i) === 'implements') {
    const open = s.find(i, ['{']);
    s.remove(i, open - 1);
    i = open;
  }
  for (const m of classMembers(s, s.expect(i, '{') - 1)) {
    for (let k = m.start; k < m.name; k++) if (MODIFIERS.has(s.text(k))) s.remove(k, k, 'trailing');
    if (m.kind === 'field') {
      let k = m.signature;
      if (s.text(k - 1) === '?' || s.text(k - 1) === '!') s.remove(k - 1, k - 1, 'none');
      if (s.text(k) === ':') {
        const after = skipType(s, k + 1);
        s.remove(k, after - 1, 'none');
        k = after;
      }
      if (s.text(k) === '=') stripCode(s, k + 1, m.end);
    } else {
      const body = stripSignature(s, m.signature);
      stripCode(s, body + 1, m.end);
    }
  }
}

/** `extends Base<Args>`: strips the type arguments, returns the index after. */
function skipTypeReferenceExpression(s: Source, i: number): number {
  if (!isName(s, i)) s.fail(i, 'expected a base class');
  i++;
  while (s.text(i) === '.' && isName(s, i + 1)) i += 2;
  if (s.text(i) === '<') {
    const close = s.matching(i);
    s.remove(i, close, 'none');
    i = close + 1;
  }
  return i;
}

/** Spaces left at line ends by removed annotations, and runs of blank lines, go. */
function tidy(text: string): string {
  return text.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').replace(/^\n+/, '').replace(/\n*$/, '\n');
}

/**
 * Namespace imports no code uses any more (used only in types) go, as TypeScript's own emit
 * drops them: a `.js` module then loads only what it runs.
 */
function dropUnusedImports(js: string): string {
  return js.replace(/^import \* as ([\w$]+) from '[^']*';\n/gm, (line, alias: string) => {
    const uses = js.split(line).join('');
    return new RegExp(`(^|[^\\w$.])${alias.replace(/\$/g, '\\$')}\\.`, 'm').test(uses) ? line : '';
  });
}

// ---------------------------------------------------------------------------------------------
// .d.ts: bodies out, types kept (and spelled out where the TypeScript left them to inference).

/** TypeScript to declarations, for the generator's own output (see the top of this file). */
export function declarations(typescript: string): string {
  const s = new Source(typescript);
  statements(s, ({ exported, keyword, end }) => {
    const first = firstOf(s, keyword);
    switch (s.text(keyword)) {
      case 'const':
      case 'let': {
        if (!exported) {
          // Module-private values (codecs, constants, tables): no exported type refers to them.
          s.remove(first, end, 'comments');
          return;
        }
        const name = s.text(keyword + 1);
        let type: string;
        if (s.text(keyword + 2) === ':') {
          const after = skipType(s, keyword + 3);
          type = s.slice(keyword + 3, after - 1);
        } else {
          type = inferredType(s, s.expect(keyword + 2, '=') , end);
        }
        s.replace(keyword, end, `declare ${s.text(keyword)} ${name}: ${type};`);
        return;
      }
      case 'class':
        declareClass(s, keyword);
        return;
      default:
        return;
    }
  });
  const text = tidy(s.toString());
  // A file without imports or exports would declare globals: keep it a module.
  return /^(import|export) /m.test(text) ? text : `${text}\nexport {};\n`;
}

function declareClass(s: Source, keyword: number): void {
  s.replace(keyword, keyword, 'declare class');
  const open = s.find(keyword, ['{']);
  for (const m of classMembers(s, open)) {
    if (m.kind === 'field') {
      if (s.find(m.signature, ['=', ';']) !== m.end) s.fail(m.signature, 'a field with an initializer');
      continue;
    }
    const paramsOpen = skipAngles(s, m.signature);
    const paramsClose = s.matching(paramsOpen);
    declareParameters(s, paramsOpen, paramsClose);
    const body = s.find(paramsClose + 1, ['{']);
    s.remove(body, m.end, 'space');
    s.replace(body - 1, body - 1, `${s.slice(body - 1, body - 1)};`);
  }
}

/** Parameters with defaults become optional ones (`p: T = []` is `p?: T`). */
function declareParameters(s: Source, open: number, close: number): void {
  for (const [first, last] of parameters(s, open, close)) {
    let equals = first;
    while (equals <= last && s.text(equals) !== '=') equals = ['(', '[', '{', '<'].includes(s.text(equals)) ? s.matching(equals) + 1 : equals + 1;
    if (equals > last) continue;
    s.remove(equals, last);
    if (s.text(first + 1) !== '?') s.replace(first, first, `${s.text(first)}?`);
  }
}

/**
 * The type TypeScript infers for the initializer `expression..end` (exclusive) of an exported
 * constant without an annotation: a `new` expression's class, or an object literal's shape.
 */
function inferredType(s: Source, i: number, end: number): string {
  if (s.text(i) === 'new') {
    const after = skipTypeReference(s, i + 1);
    if (s.text(after) !== '(' || s.matching(after) !== end - 1) s.fail(i, 'a new expression with more after it');
    return s.slice(i + 1, after - 1);
  }
  if (s.text(i) === '{') {
    const close = s.matching(i);
    const asConst = s.text(close + 1) === 'as' && s.text(close + 2) === 'const' && close + 3 === end;
    if (!asConst && close + 1 !== end) s.fail(close + 1, 'an object literal with more after it');
    return objectType(s, i, asConst, '');
  }
  return s.fail(i, 'an exported constant whose type needs inference');
}

/** The type of the object literal at `open`, as TypeScript infers it (readonly literals under `as const`). */
function objectType(s: Source, open: number, asConst: boolean, indent: string): string {
  const close = s.matching(open);
  const inner = `${indent}  `;
  const lines: string[] = [];
  for (const [first, last] of parameters(s, open, close)) {
    const docs = s.leadingComments(first).filter((c) => c.startsWith('/**')).map((c) => `${inner}${c}`);
    const readonly = asConst ? 'readonly ' : '';
    let k = first;
    if (s.text(k) === 'get' && (isName(s, k + 1) || s.kind(k + 1) === 'string') && s.text(k + 2) === '(') {
      const closeParams = s.matching(k + 2);
      if (s.text(closeParams + 1) !== ':') s.fail(k, 'a getter without a return type');
      const after = skipType(s, closeParams + 2);
      lines.push(...docs, `${inner}readonly ${s.text(k + 1)}: ${s.slice(closeParams + 2, after - 1)};`);
      continue;
    }
    if (!isName(s, k) && s.kind(k) !== 'string') s.fail(k, 'an object member that is not a name');
    const key = s.text(k);
    k++;
    if (s.text(k) === '(' || s.text(k) === '<') {
      const paramsOpen = skipAngles(s, k);
      const paramsClose = s.matching(paramsOpen);
      if (s.text(paramsClose + 1) !== ':') s.fail(k, 'a method without a return type');
      const after = skipType(s, paramsClose + 2);
      declareParameters(s, paramsOpen, paramsClose);
      lines.push(...docs, `${inner}${key}${s.slice(k, after - 1)};`);
      continue;
    }
    if (k === last + 1) {
      lines.push(...docs, `${inner}${readonly}${key}: typeof ${key};`);
      continue;
    }
    s.expect(k, ':');
    lines.push(...docs, `${inner}${readonly}${key}: ${valueType(s, k + 1, last, asConst, inner)};`);
  }
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
}

/** The type of the value `i..last` in an object literal. */
function valueType(s: Source, i: number, last: number, asConst: boolean, indent: string): string {
  const t = s.text(i);
  if (t === '{' && s.matching(i) === last) return objectType(s, i, asConst, indent);
  if (i === last) {
    if (s.kind(i) === 'string') return asConst ? t : 'string';
    if (s.kind(i) === 'number') return t.endsWith('n') ? (asConst ? t : 'bigint') : asConst ? t : 'number';
    if (t === 'true' || t === 'false') return asConst ? t : 'boolean';
    if (t === 'null') return 'null';
  }
  if (t === '-' && s.kind(i + 1) === 'number' && i + 1 === last) return asConst ? `-${s.text(i + 1)}` : s.text(i + 1).endsWith('n') ? 'bigint' : 'number';
  if (isName(s, i)) {
    let k = i + 1;
    while (s.text(k) === '.' && isName(s, k + 1)) k += 2;
    if (k === last + 1) return `typeof ${s.slice(i, last)}`;
  }
  return s.fail(i, 'an object literal value whose type needs inference');
}

/**
 * The generator's output as JavaScript: for each schema file, `NAME.capnp.js` (the TypeScript
 * module with its types stripped) and `NAME.capnp.d.ts` (its declarations), with the same
 * exports and imports as `NAME.capnp.ts` would have.
 */
export function generateJavaScript(request: CodeGeneratorRequest, options: CodegenOptions = {}): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const file of generateTypeScript(request, options)) {
    const base = file.filename.replace(/\.ts$/, '');
    out.push({ filename: `${base}.js`, content: stripTypes(file.content) }, { filename: `${base}.d.ts`, content: declarations(file.content) });
  }
  return out;
}
