// The calculator client: connects to a calculator server (this example's, or any other
// implementation of calculator.capnp) and checks five things it can do, printing a line each.
//
//   node examples/calculator/client.mjs 127.0.0.1:7000
//
// Exits 0 when all five pass, 1 at the first failure. See docs/rpc.md, "The calculator example".
import { connectTo } from 'capstan/rpc/node';
import { loadCalculatorSchema } from './load-schema.mjs';

const { CalculatorClient, Calculator_Function, Calculator_Operator, Calculator_ValueClient } = await loadCalculatorSchema();

// Expressions are written as plain objects of `Calculator.Expression`. Two helpers keep them
// short: `call(fn, ...params)` is a call of the `Function` capability `fn`, and a parameter given
// as a number is a literal, as a `Value` capability an earlier result.
const call = (fn, ...params) => ({ call: { function: fn, params: params.map(expression) } });
const expression = (e) => typeof e === 'number' ? { literal: e } : e instanceof Calculator_ValueClient ? { previousResult: e } : e;
// In a function body (`defFunction`), its parameters.
const x = { parameter: 0 };
const y = { parameter: 1 };

// A `Value`'s number (a `read()` call).
const valueOf = async (value) => (await value.read()).value;

/**
 * Runs one check: prints `title... `, then PASS if `run` comes to `expected`, else FAIL with the
 * reason, and exits with status 1. `run` gets `hold`, which registers calls (and capabilities
 * served here) to be released when the check is over, the way `using` would: a call's results
 * keep their capabilities (a `Value`, a `Function`) alive on the server until the call's
 * promise is disposed.
 */
async function check(title, expected, run) {
  process.stdout.write(`${title}... `);
  const held = [];
  const hold = (disposable) => (held.push(disposable), disposable);
  try {
    const got = await run(hold);
    if (JSON.stringify(got) !== JSON.stringify(expected)) {
      throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
    }
    console.log('PASS');
  } catch (error) {
    console.log(`FAIL: ${error.message}`);
    process.exit(1);
  } finally {
    for (const disposable of held.reverse()) disposable[Symbol.dispose]();
  }
}

const address = process.argv[2];
if (address === undefined) {
  console.error('usage: node examples/calculator/client.mjs HOST:PORT');
  process.exit(2);
}
let connection, calculator;
try {
  // The server's bootstrap capability, as a `Calculator`.
  ({ connection, bootstrap: calculator } = await connectTo(address, CalculatorClient));
} catch (error) {
  // "could not connect to HOST:PORT: connect ECONNREFUSED ..." (an RPC_DISCONNECTED error).
  console.error(`calculator client: ${error.message}`);
  process.exit(1);
}
const { add, subtract, multiply } = Calculator_Operator;

// 123. `evaluate()` answers with a `Value` capability, and `read()` is called on it before the
// answer arrives (pipelined on the promise): two calls, one network round trip.
await check('Evaluating a literal', 123, async (hold) => {
  const evaluated = hold(calculator.evaluate({ expression: { literal: 123 } }));
  return valueOf(evaluated.value);
});

// 123 + 45 - 67. The operators are capabilities too, fetched with `getOperator()` and used in
// the expression straight away: four calls, still one round trip.
await check('Using add and subtract', 101, async (hold) => {
  const plus = hold(calculator.getOperator({ op: add })).func;
  const minus = hold(calculator.getOperator({ op: subtract })).func;
  const evaluated = hold(calculator.evaluate({ expression: call(minus, call(plus, 123, 45), 67) }));
  return valueOf(evaluated.value);
});

// 4 * 6, then that result + 3 and + 5. The `Value` of the first `evaluate()` goes into the next
// two before it exists: the server receives a reference to its own pending answer.
await check('Pipelining eval() calls', [27, 29], async (hold) => {
  const plus = hold(calculator.getOperator({ op: add })).func;
  const times = hold(calculator.getOperator({ op: multiply })).func;
  const product = hold(calculator.evaluate({ expression: call(times, 4, 6) })).value;
  const sum3 = hold(calculator.evaluate({ expression: call(plus, product, 3) })).value;
  const sum5 = hold(calculator.evaluate({ expression: call(plus, product, 5) })).value;
  // Both reads are sent before either answer is awaited.
  return Promise.all([valueOf(sum3), valueOf(sum5)]);
});

// f(x, y) = x * 100 + y and g(x) = f(x, x + 1) * 2, defined on the server, then f(12, 34) and
// g(21), in one round trip: g's body calls f before the server has answered with f, and
// both use operators still on their way.
await check('Defining functions', [1234, 4244], async (hold) => {
  const plus = hold(calculator.getOperator({ op: add })).func;
  const times = hold(calculator.getOperator({ op: multiply })).func;
  const f = hold(calculator.defFunction({ paramCount: 2, body: call(plus, call(times, x, 100), y) })).func;
  const g = hold(calculator.defFunction({ paramCount: 1, body: call(times, call(f, x, call(plus, x, 1)), 2) })).func;
  const f1 = hold(calculator.evaluate({ expression: call(f, 12, 34) })).value;
  const g1 = hold(calculator.evaluate({ expression: call(g, 21) })).value;
  return Promise.all([valueOf(f1), valueOf(g1)]);
});

// 2 ^ (4 + 5), where the power function is implemented here: the client passes a capability it
// serves, and the server calls it back over the same connection while evaluating (so this one
// takes two round trips).
await check('Using a callback', 512, async (hold) => {
  const power = hold(Calculator_Function.serve({
    call({ params }) {
      if (params.length !== 2) throw new Error(`power takes 2 parameters, not ${params.length}`);
      return { value: params[0] ** params[1] };
    },
  }));
  const plus = hold(calculator.getOperator({ op: add })).func;
  const evaluated = hold(calculator.evaluate({ expression: call(power, 2, call(plus, 4, 5)) }));
  return valueOf(evaluated.value);
});

calculator.close();
await connection.close();
