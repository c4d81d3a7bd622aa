// Edge-coverage instrumentation of an ES module's source, for the fuzzing engine.
//
// Every branch arm (if/else, ?:, && || ??, switch case, catch), loop body and function body
// gets a counter: `__fz[ID]++` on a Uint8Array that the module obtains once from
// `globalThis.__capstanFuzz.counters(url, count)`. Counters wrap at 256, as libFuzzer's 8-bit
// counters do; the engine turns hit counts into features by log2 buckets.
//
// Insertions only (no AST printing): acorn finds the positions, the source is spliced, so
// line numbers in stack traces stay close to the original.
import { parse } from 'acorn';

/** Returns `{ code, edges }`: the instrumented source and how many counters it uses. */
export function instrument(source, url) {
  // A hashbang line must stay first; a comment of the same length keeps positions.
  if (source.startsWith('#!')) source = `//${source.slice(2)}`;
  const ast = parse(source, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true });
  const inserts = []; // { position, text, order, closing }
  let edges = 0;
  const counter = () => `__fz[${edges++}]++`;
  const at = (position, text, closing = false) => inserts.push({ position, text, order: inserts.length, closing });

  // A statement position that may not be a block: wrap it so the counter runs with it.
  const wrapStatement = (node) => {
    if (node.type === 'BlockStatement') at(node.start + 1, `${counter()};`);
    else {
      at(node.start, `{${counter()};`);
      at(node.end, '\n}', true);
    }
  };
  const wrapExpression = (node) => {
    at(node.start, `(${counter()}, `);
    at(node.end, ')', true);
  };

  const visit = (node) => {
    switch (node.type) {
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if (node.body.type === 'BlockStatement') at(node.body.start + 1, `${counter()};`);
        else wrapExpression(node.body);
        break;
      case 'IfStatement':
        // The implicit else is recorded first: it closes after the consequent's own wrapper.
        if (!node.alternate) at(node.end, ` else {${counter()};}`, true);
        wrapStatement(node.consequent);
        if (node.alternate) wrapStatement(node.alternate);
        break;
      case 'ConditionalExpression':
        wrapExpression(node.consequent);
        wrapExpression(node.alternate);
        break;
      case 'LogicalExpression':
        wrapExpression(node.right);
        break;
      case 'SwitchCase':
        if (node.consequent.length > 0) at(node.consequent[0].start, `${counter()};`);
        break;
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
        wrapStatement(node.body);
        break;
      case 'CatchClause':
        at(node.body.start + 1, `${counter()};`);
        break;
      default:
    }
    for (const key in node) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (const c of child) if (c !== null && typeof c?.type === 'string') visit(c);
      } else if (child !== null && typeof child?.type === 'string') visit(child);
    }
  };
  visit(ast);

  // At one position: closing texts first, innermost (recorded last) first; then opening
  // texts, outermost (recorded first) first. Then splice in order of position.
  inserts.sort((a, b) => a.position - b.position || (a.closing === b.closing ? (a.closing ? b.order - a.order : a.order - b.order) : a.closing ? -1 : 1));
  const pieces = [];
  let last = 0;
  for (const { position, text } of inserts) {
    pieces.push(source.slice(last, position), text);
    last = position;
  }
  pieces.push(source.slice(last));
  const code = pieces.join('');
  const header = `const __fz = globalThis.__capstanFuzz.counters(${JSON.stringify(url)}, ${edges});`;
  // Imports are hoisted anyway; the header goes first so every counter is defined.
  return { code: `${header}${code}`, edges };
}
