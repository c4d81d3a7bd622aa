// bench/schemas/rpc.capnp's BenchEcho for capnp-ts 0.9.3's RPC. capnp-ts publishes its runtime
// (with RPC) but no code generator for that version (capnpc-ts stops at 0.7.0), so this module
// is written by hand in the shape its runtime expects of generated code: a Struct subclass per
// params/results struct with `_capnp` (id and size), a `Method` per schema method, a client
// class wrapping `Client`, and an interface object with `_capnp` and `Client`.
import { Client, ObjectSize, Server, Struct } from 'capnp-ts';

const INTERFACE_ID = 0xf144a7efce3fc8d8n; // BenchEcho's id (`capnp compile -ocapnp bench/schemas/rpc.capnp`; rpc.mjs checks it)

function struct(name, id, dataBytes, pointers, accessors) {
  const cls = class extends Struct {};
  Object.defineProperty(cls, 'name', { value: name });
  cls._capnp = { displayName: name, id, size: new ObjectSize(dataBytes, pointers) };
  for (const [field, { get, set }] of Object.entries(accessors)) {
    Object.defineProperty(cls.prototype, field, {
      get() { return get(this); },
      set(value) { set(this, value); },
    });
  }
  cls.prototype.set = function (value) {
    for (const field of Object.keys(accessors)) if (value[field] !== undefined) this[field] = value[field];
  };
  return cls;
}

const u8 = { get: (s) => Struct.getUint8(0, s), set: (s, v) => Struct.setUint8(0, v, s) };
const text = { get: (s) => Struct.getText(0, s), set: (s, v) => Struct.setText(0, v, s) };
const data = {
  get: (s) => Struct.getData(0, s).toUint8Array(),
  set: (s, v) => Struct.initData(0, v.byteLength, s).copyBuffer(v),
};

export const EchoU8Params = struct('EchoU8Params', 'a0', 8, 0, { value: u8 });
export const EchoU8Results = struct('EchoU8Results', 'a1', 8, 0, { value: u8 });
export const EchoTextParams = struct('EchoTextParams', 'a2', 0, 1, { text });
export const EchoTextResults = struct('EchoTextResults', 'a3', 0, 1, { text });
export const EchoDataParams = struct('EchoDataParams', 'a4', 0, 1, { data });
export const EchoDataResults = struct('EchoDataResults', 'a5', 0, 1, { data });

const method = (methodId, methodName, ParamsClass, ResultsClass) => ({
  interfaceId: INTERFACE_ID, interfaceName: 'BenchEcho', methodId, methodName, ParamsClass, ResultsClass,
});
const METHODS = [
  method(0, 'echoU8', EchoU8Params, EchoU8Results),
  method(1, 'echoText', EchoTextParams, EchoTextResults),
  method(2, 'echoData', EchoDataParams, EchoDataResults),
];

class BenchEchoClient {
  constructor(client) {
    this.client = client;
  }
  echoU8(params) { return this.client.call(METHODS[0], params); }
  echoText(params) { return this.client.call(METHODS[1], params); }
  echoData(params) { return this.client.call(METHODS[2], params); }
}

export const BenchEcho = {
  _capnp: { displayName: 'BenchEcho', id: INTERFACE_ID.toString(16) },
  Client: BenchEchoClient,
  /** A server from `{ echoU8(params, results), ... }`, as capnp-ts's generated `Server` classes build it. */
  server(impl) {
    return new Server(METHODS.map((m) => ({ ...m, impl: impl[m.methodName] })));
  },
  interfaceId: INTERFACE_ID,
};

export { Client };
