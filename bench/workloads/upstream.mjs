// The reference implementation's benchmark workloads (car sales, cat rank, eval), ported with
// the same data generator, request/response structure and serialization modes, so Capstan's
// figures compare with bench/cpp's: the client builds a random request, the server reads it
// and builds a response, the client checks it. Modes: `object` (no serialization), `bytes`
// (framed), `packed`. Builders are reused across iterations (reset), as upstream's "reuse" mode.
// Each workload is a spec {Request, Response, setup, handle, check}: the `pipe` mode
// (workloads/pipe.mjs) runs `handle` in a server process of its own (lib/pipe-server.mjs).
import { join } from 'node:path';
import { Random, WORDS } from '../lib/random.mjs';

const INT32_MAX = 2147483647;
const INT32_MIN = -2147483648;

/**
 * One request/response round trip in the given mode, with builders of `MessageBuilder` (the
 * class of the package the generated code imports: roundtrip-ab.mjs runs two builds).
 */
export function makeRoundTrip(mode, { Request, Response, setup, handle, check }, MessageBuilder) {
  const requestMessage = new MessageBuilder();
  const responseMessage = new MessageBuilder();
  const format = mode === 'packed' ? 'packed' : 'binary';
  return (random) => {
    requestMessage.reset();
    responseMessage.reset();
    const request = Request.initRoot(requestMessage);
    const expected = setup(request, random);
    const response = Response.initRoot(responseMessage);
    if (mode === 'object') {
      handle(request.asReader(), response);
      if (!check(response.asReader(), expected)) throw new Error('wrong response');
      return;
    }
    handle(Request.read(requestMessage.toBytes(format), { format }), response);
    if (!check(Response.read(responseMessage.toBytes(format), { format }), expected)) throw new Error('wrong response');
  };
}

// ---- car sales ------------------------------------------------------------------------------

const MAKES = ['Toyota', 'GM', 'Ford', 'Honda', 'Tesla'];
const MODELS = ['Camry', 'Prius', 'Volt', 'Accord', 'Leaf', 'Model S'];

function carValue(car) {
  let value = car.seats * 200 + car.doors * 350;
  for (const wheel of car.wheels) {
    value += wheel.diameter * wheel.diameter;
    value += wheel.snowTires ? 100 : 0;
  }
  value += Math.trunc((car.length * car.width * car.height) / 50);
  const engine = car.engine;
  value += engine.horsepower * 40;
  if (engine.usesElectric) value += engine.usesGas ? 5000 : 3000;
  value += car.hasPowerWindows ? 100 : 0;
  value += car.hasPowerSteering ? 200 : 0;
  value += car.hasCruiseControl ? 400 : 0;
  value += car.hasNavSystem ? 2000 : 0;
  value += car.cupHolders * 25;
  return value;
}

function randomCar(car, random) {
  car.make = MAKES[random.int(5)];
  car.model = MODELS[random.int(6)];
  car.color = random.int(9);
  car.seats = 2 + random.int(6);
  car.doors = 2 + random.int(3);
  const wheels = car.initWheels(4);
  for (let i = 0; i < 4; i++) {
    const wheel = wheels.get(i);
    wheel.diameter = 25 + random.int(15);
    wheel.airPressure = 30 + random.double(20);
    wheel.snowTires = random.int(16) === 0;
  }
  car.length = 170 + random.int(150);
  car.width = 48 + random.int(36);
  car.height = 54 + random.int(48);
  car.weight = Math.trunc((car.length * car.width * car.height) / 200);
  const engine = car.initEngine();
  engine.horsepower = 100 * random.int(400);
  engine.cylinders = 4 + 2 * random.int(3);
  engine.cc = 800 + random.int(10000);
  engine.usesGas = true;
  engine.usesElectric = random.int(2) !== 0;
  car.fuelCapacity = 10 + random.double(30);
  car.fuelLevel = random.double(car.fuelCapacity);
  car.hasPowerWindows = random.int(2) !== 0;
  car.hasPowerSteering = random.int(2) !== 0;
  car.hasCruiseControl = random.int(2) !== 0;
  car.cupHolders = random.int(12);
  car.hasNavSystem = random.int(2) !== 0;
}

function carsales(gen) {
  return {
    Request: gen.ParkingLot,
    Response: gen.TotalValue,
    setup: (lot, random) => {
      let total = 0;
      const cars = lot.initCars(random.int(200));
      for (let i = 0; i < cars.length; i++) {
        const car = cars.get(i);
        randomCar(car, random);
        // Upstream's carValue is a C++ template, compiled once for builders and once for
        // readers. One JavaScript function that sees both is polymorphic at every field (V8
        // checks the class and picks the getter each time): this round trip took about 10%
        // longer that way. Reading the car just built through its reader keeps carValue
        // monomorphic, as each of the template's instances is.
        total += carValue(car.asReader());
      }
      return total;
    },
    handle: (lot, value) => {
      let total = 0;
      for (const car of lot.cars) total += carValue(car);
      value.amount = BigInt(total);
    },
    check: (value, expected) => value.amount === BigInt(expected),
  };
}

// ---- cat rank -------------------------------------------------------------------------------

/** The start of every catrank url, as bytes for `initUrl`'s view. */
const URL_PREFIX = new TextEncoder().encode('http://example.com/');

function catrank(gen) {
  return {
    Request: gen.SearchResultList,
    Response: gen.SearchResultList,
    setup: (request, random) => {
      const count = random.int(1000);
      let good = 0;
      const list = request.initResults(count);
      for (let i = 0; i < count; i++) {
        const result = list.get(i);
        result.score = 1000 - i;
        // As upstream (and bench/cpp/harness.c++) writes it: Text of its final size made in the
        // message, its bytes filled in place, with no string built a character at a time.
        const urlSize = random.int(100);
        const url = result.initUrl(URL_PREFIX.length + urlSize);
        url.set(URL_PREFIX);
        for (let j = 0; j < urlSize; j++) url[URL_PREFIX.length + j] = 97 + random.int(26);
        const isCat = random.int(8) === 0;
        const isDog = random.int(8) === 0;
        if (isCat && !isDog) good++;
        let snippet = ' ';
        for (let j = 0, n = random.int(20); j < n; j++) snippet += WORDS[random.int(WORDS.length)];
        if (isCat) snippet += 'cat ';
        if (isDog) snippet += 'dog ';
        for (let j = 0, n = random.int(20); j < n; j++) snippet += WORDS[random.int(WORDS.length)];
        result.snippet = snippet;
      }
      return good;
    },
    handle: (request, response) => {
      const scored = [];
      for (const result of request.results) {
        let score = result.score;
        const snippet = result.snippet;
        if (snippet.includes(' cat ')) score *= 10000;
        if (snippet.includes(' dog ')) score /= 10000;
        scored.push({ score, url: result.url, snippet });
      }
      scored.sort((a, b) => b.score - a.score);
      const list = response.initResults(scored.length);
      for (let i = 0; i < scored.length; i++) {
        const out = list.get(i);
        out.score = scored[i].score;
        out.url = scored[i].url;
        out.snippet = scored[i].snippet;
      }
    },
    check: (response, expected) => {
      let good = 0;
      for (const result of response.results) {
        if (result.score > 1001) good++;
        else break;
      }
      return good === expected;
    },
  };
}

// ---- eval -----------------------------------------------------------------------------------

function apply(op, left, right) {
  switch (op) {
    case 0: return (left + right) | 0;
    case 1: return (left - right) | 0;
    case 2: return Math.imul(left, right);
    case 3: return right === 0 || (left === INT32_MIN && right === -1) ? INT32_MAX : (left / right) | 0;
    default: return right === 0 || (left === INT32_MIN && right === -1) ? INT32_MAX : (left % right) | 0;
  }
}

function makeExpression(expression, depth, random) {
  expression.op = random.int(5);
  let left;
  let right;
  if (random.int(8) < depth) {
    left = random.int(128) + 1;
    expression.left.value = left;
  } else {
    left = makeExpression(expression.left.initExpression(), depth + 1, random);
  }
  if (random.int(8) < depth) {
    right = random.int(128) + 1;
    expression.right.value = right;
  } else {
    right = makeExpression(expression.right.initExpression(), depth + 1, random);
  }
  return apply(expression.op, left, right);
}

function evaluate(expression) {
  const l = expression.left;
  const r = expression.right;
  const left = l.which() === 'value' ? l.value : evaluate(l.expression);
  const right = r.which() === 'value' ? r.value : evaluate(r.expression);
  return apply(expression.op, left, right);
}

function evalCase(gen) {
  return {
    Request: gen.Expression,
    Response: gen.EvaluationResult,
    setup: (expression, random) => makeExpression(expression, 0, random),
    handle: (expression, result) => {
      result.value = evaluate(expression);
    },
    check: (result, expected) => result.value === expected,
  };
}

/** The three workloads' specs, with the generated code in `capstanDir`. */
export async function upstreamSpecs(capstanDir) {
  return {
    carsales: carsales(await import(join(capstanDir, 'carsales.capnp.js'))),
    catrank: catrank(await import(join(capstanDir, 'catrank.capnp.js'))),
    eval: evalCase(await import(join(capstanDir, 'eval.capnp.js'))),
  };
}

export async function upstream(suite, env) {
  const { MessageBuilder } = await import('capstan');
  for (const [workload, spec] of Object.entries(await upstreamSpecs(env.capstanDir))) {
    for (const mode of ['object', 'bytes', 'packed']) {
      const roundTrip = makeRoundTrip(mode, spec, MessageBuilder);
      const random = new Random();
      for (let i = 0; i < 20; i++) roundTrip(random); // checks responses before timing
      await suite.compare(workload, mode, { capstan: () => roundTrip(random) }, [env.cpp, []]);
    }
  }
}
