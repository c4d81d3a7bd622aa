/**
 * The generated TypeScript as the JavaScript output (javascript.ts) reads it: tokens, a cursor
 * over them (`Source`), where a type ends, and the top-level statements and class members that
 * both outputs (javascript-strip.ts, javascript-declarations.ts) walk. It understands the syntax
 * the generator writes and nothing more (see javascript.ts).
 */
type TokenKind = 'space' | 'comment' | 'string' | 'template' | 'number' | 'name' | 'punct';

interface Token {
  kind: TokenKind;
  text: string;
  line: number;
}

const PUNCTUATORS = ['...', '===', '!==', '??=', '=>', '==', '!=', '??', '?.', '&&', '||', '>=', '<=', '++', '--', '+=', '-=', '*=', '/=', '|=', '&=', '^=', '**'];

/** Words after which a `!`, `<` or `as` does not follow an expression. */
export const KEYWORDS = new Set([
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
export class Source {
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

export function isName(s: Source, i: number): boolean {
  return s.kind(i) === 'name';
}

/** Whether token `i` ends an operand (so a following `!` is non-null, `as` a cast). */
export function endsOperand(s: Source, i: number): boolean {
  const t = s.text(i);
  if (t === ')' || t === ']') return true;
  if (s.kind(i) === 'string' || s.kind(i) === 'number') return true;
  if (!isName(s, i)) return false;
  return s.text(i - 1) === '.' || !KEYWORDS.has(t);
}

// ---------------------------------------------------------------------------------------------
// Types: only skipped (for .js) or copied (for .d.ts), so a parse finds where one ends.

/** The index after the type starting at `i`. */
export function skipType(s: Source, i: number): number {
  if (s.text(i) === '|' || s.text(i) === '&') i++;
  i = skipPostfixType(s, i);
  while (s.text(i) === '|' || s.text(i) === '&') i = skipPostfixType(s, i + 1);
  return i;
}

/** Where the type at `i` ends, or -1 when what is there is no type. */
export function typeEnd(s: Source, i: number): number {
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

export function skipTypeReference(s: Source, i: number): number {
  if (!isName(s, i)) s.fail(i, 'expected a type name');
  i++;
  while (s.text(i) === '.' && isName(s, i + 1)) i += 2;
  if (s.text(i) === '<') i = s.matching(i) + 1;
  return i;
}


// ---------------------------------------------------------------------------------------------
// Top level, shared by both outputs.

interface Statement {
  /** `export`ed. */
  exported: boolean;
  /** Index of the keyword after `export` (for an expression statement, its first token). */
  keyword: number;
  /** Index of the statement's last token. */
  end: number;
  /** A call at the top level (`$.settleConstants();`), not a declaration. */
  expression: boolean;
}

/** Words that may stand before a class member's name. */
export const MODIFIERS = new Set(['readonly', 'static', 'public', 'private', 'protected', 'override', 'declare', 'abstract']);

/** The modifiers that are TypeScript only, which the `.js` output drops (`static` is JavaScript). */
export const TYPESCRIPT_MODIFIERS = new Set(['readonly', 'public', 'private', 'protected', 'override', 'declare', 'abstract']);

/** Splits a class body `{ ... }` at `open` into members. */
export function classMembers(s: Source, open: number): { start: number; name: number; kind: 'field' | 'method'; signature: number; end: number }[] {
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

export function statements(s: Source, visit: (st: Statement) => void): void {
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
        // The one other statement generated code has: a call through a name (`$.defineConstant(...)`).
        if (exported || !isName(s, keyword) || KEYWORDS.has(s.text(keyword))) s.fail(keyword, 'unexpected statement');
        end = s.find(keyword, [';']);
        visit({ exported, keyword, end, expression: true });
        i = end + 1;
        continue;
    }
    visit({ exported, keyword, end, expression: false });
    i = end + 1;
  }
}

/** The type parameters or arguments at `i` (when it is `<`): the index after them. */
export function skipAngles(s: Source, i: number): number {
  return s.text(i) === '<' ? s.matching(i) + 1 : i;
}

/** TypeScript to JavaScript, for the generator's own output (see the top of this file). */

/** The parameters in the brackets `open..close`, split at top-level commas: [first, last] each. */
export function parameters(s: Source, open: number, close: number): [number, number][] {
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


/** The statement's first token (`export` when exported). */
export function firstOf(s: Source, keyword: number): number {
  return keyword > 0 && s.text(keyword - 1) === 'export' ? keyword - 1 : keyword;
}


/** Spaces left at line ends by removed annotations, and runs of blank lines, go. */
export function tidy(text: string): string {
  return text.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').replace(/^\n+/, '').replace(/\n*$/, '\n');
}
