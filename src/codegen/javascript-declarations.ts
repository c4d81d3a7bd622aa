/**
 * The `.d.ts` output: the generated TypeScript with its bodies removed, types kept (and spelled
 * out where the TypeScript left them to inference; see javascript.ts).
 */
import { classMembers, firstOf, isName, parameters, skipAngles, skipType, skipTypeReference, Source, statements, tidy } from './javascript-source.js';

// ---------------------------------------------------------------------------------------------
// .d.ts: bodies out, types kept (and spelled out where the TypeScript left them to inference).

/** TypeScript to declarations, for the generator's own output (see the top of this file). */
export function declarations(typescript: string): string {
  const s = new Source(typescript);
  statements(s, ({ exported, keyword, end, expression }) => {
    const first = firstOf(s, keyword);
    if (expression) {
      // What runs at load (defining constants): nothing to declare.
      s.remove(first, end, 'comments');
      return;
    }
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
