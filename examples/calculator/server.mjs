// The calculator server: serves calculator.capnp's `Calculator` over TCP.
//
//   node examples/calculator/server.mjs 127.0.0.1:7000     (port 0 picks a free port)
//
// Prints `listening on HOST:PORT` once it accepts connections; runs until killed. Every
// connection gets its own `Calculator` capability as its bootstrap. See docs/rpc.md, "The
// calculator example".
import { listen } from 'capstan/rpc/node';
import { loadCalculatorSchema } from './load-schema.mjs';

const { Calculator, Calculator_Value, Calculator_Function, Calculator_Operator } = await loadCalculatorSchema();

// Expressions arrive as readers of `Calculator.Expression`. The server works on their
// plain-object form (`{ literal: 4 }`, `{ call: { function, params: [...] } }`, ...), which
// `toObject()` gives; the capabilities in it (`previousResult`, `function`) are client handles.

/**
 * The value of `expression`, where `{ parameter: i }` stands for `args[i]`. Values of earlier
 * results are read and functions called through their capabilities, wherever those live: a
 * `Value` or operator made by this server is called locally, a function the client implements
 * is called back over the connection.
 */
async function evaluate(expression, args) {
  if ('literal' in expression) return expression.literal;
  if ('previousResult' in expression) {
    if (expression.previousResult === null) throw new Error('previousResult is a null capability');
    const { value } = await expression.previousResult.read();
    return value;
  }
  if ('parameter' in expression) {
    if (expression.parameter >= args.length) throw new Error(`parameter ${expression.parameter} is out of range`);
    return args[expression.parameter];
  }
  if ('call' in expression) {
    const { function: fn, params } = expression.call;
    if (fn === null) throw new Error('the function called is a null capability');
    // The arguments are evaluated concurrently, then the function is called with their values.
    const values = await Promise.all((params ?? []).map((param) => evaluate(param, args)));
    // `call` is also the name of a method every client has (`Client.call`), so the generated
    // client names the schema's `Function.call` `call$`.
    const { value } = await fn.call$({ params: values });
    return value;
  }
  throw new Error('unknown kind of expression');
}

/**
 * A copy of `expression` that outlives the call it arrived in. The capabilities of a message
 * belong to it and go when the call returns, so the copy holds handles of its own (`dup()`),
 * which `release` closes.
 */
function keep(expression) {
  if ('previousResult' in expression) return { previousResult: expression.previousResult?.dup() ?? null };
  if ('call' in expression) {
    const { function: fn, params } = expression.call;
    return { call: { function: fn?.dup() ?? null, params: (params ?? []).map(keep) } };
  }
  return { ...expression };
}

function release(expression) {
  if ('previousResult' in expression) expression.previousResult?.close();
  if ('call' in expression) {
    expression.call.function?.close();
    expression.call.params.forEach(release);
  }
}

/** A `Value`: a number kept here, for `read()` or for later expressions. */
function makeValue(value) {
  return Calculator_Value.serve({ read: () => ({ value }) });
}

/** One of the four operators as a `Function` of two parameters. */
function makeOperator(op) {
  const apply = {
    [Calculator_Operator.add]: (a, b) => a + b,
    [Calculator_Operator.subtract]: (a, b) => a - b,
    [Calculator_Operator.multiply]: (a, b) => a * b,
    [Calculator_Operator.divide]: (a, b) => a / b,
  }[op];
  if (apply === undefined) throw new Error(`unknown operator ${op}`);
  return Calculator_Function.serve({
    call({ params }) {
      if (params.length !== 2) throw new Error(`an operator takes 2 parameters, not ${params.length}`);
      return { value: apply(params[0], params[1]) };
    },
  });
}

/** A `Function` defined by the client: `body` evaluated with the call's parameters. */
function makeFunction(paramCount, body) {
  const kept = keep(body);
  return Calculator_Function.serve({
    async call({ params }) {
      if (params.length !== paramCount) throw new Error(`this function takes ${paramCount} parameters, not ${params.length}`);
      return { value: await evaluate(kept, params) };
    },
    // Runs when the last reference to the function is gone (every client dropped it).
    [Symbol.dispose]: () => release(kept),
  });
}

/**
 * Puts a capability made here into a results field. The results take a reference of their
 * own, so the one `serve()` returned is closed: the object then lives exactly as long as the
 * client holds it.
 */
function give(results, field, capability) {
  results[field] = capability;
  capability.close();
}

const calculator = {
  async evaluate({ expression }, { results }) {
    give(results, 'value', makeValue(await evaluate(expression.toObject(), [])));
  },
  defFunction({ paramCount, body }, { results }) {
    give(results, 'func', makeFunction(paramCount, body.toObject()));
  },
  getOperator({ op }, { results }) {
    give(results, 'func', makeOperator(op));
  },
};

const address = process.argv[2];
if (address === undefined) {
  console.error('usage: node examples/calculator/server.mjs HOST:PORT   (port 0 picks a free port)');
  process.exit(2);
}
try {
  const listener = await listen(address, { bootstrap: () => Calculator.serve(calculator) });
  console.log(`listening on ${listener.address}`);
} catch (error) {
  console.error(`calculator server: cannot listen on ${address}: ${error.message}`);
  process.exit(1);
}
