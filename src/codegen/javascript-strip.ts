/**
 * The `.js` output: the generated TypeScript with its types stripped, code kept (see
 * javascript.ts for why the JavaScript is derived from the TypeScript).
 */
import { classMembers, endsOperand, firstOf, isName, KEYWORDS, parameters, skipType, Source, statements, tidy, typeEnd, TYPESCRIPT_MODIFIERS } from './javascript-source.js';

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
    // `name < 16` is a comparison (generated readers compare a size with a number); type
    // arguments of generated code never start with a number.
    if (t === '<' && i > 0 && isName(s, i - 1) && !KEYWORDS.has(s.text(i - 1)) && s.kind(i + 1) !== 'number') {
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

export function stripTypes(typescript: string): string {
  const s = new Source(typescript);
  statements(s, ({ keyword, end, expression }) => {
    if (expression) {
      stripCode(s, keyword, end);
      return;
    }
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
    for (let k = m.start; k < m.name; k++) if (TYPESCRIPT_MODIFIERS.has(s.text(k))) s.remove(k, k, 'trailing');
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
