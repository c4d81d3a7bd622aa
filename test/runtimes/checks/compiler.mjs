// Capstan's compiler and code generator, run in this runtime on sources held in memory.
import { compile, createMemoryLoader, formatDiagnostic } from 'capstan/compiler';
import { generateJavaScript } from 'capstan/codegen';
import { encodeCodeGeneratorRequest } from 'capstan/schema';
import * as expected from '../.generated/expected.mjs';
import { deepEqual, equal, ok } from '../assert.mjs';

const LAYOUT_SCHEMA = `@0xd2c8a3b1e4f50617;
struct Layout {
  a @0 :UInt32;
  b @1 :Text;
  c @2 :Bool;
  d @3 :UInt64;
  e @4 :Int16;
  inner @5 :Inner;
  struct Inner { x @0 :Float32; }
}
`;

const compileRuntimeSchema = () => compile({ files: ['/runtime.capnp'], sources: { '/runtime.capnp': expected.schemaSource } });

export const checks = [
  {
    name: 'compiler: struct layout and ids of an in-memory schema',
    run() {
      const { request, diagnostics } = compile({ files: ['/mem/layout.capnp'], loader: createMemoryLoader({ '/mem/layout.capnp': LAYOUT_SCHEMA }) });
      equal(diagnostics.length, 0, 'diagnostics');
      ok(request !== null, 'a request');
      const layout = request.nodes.find((node) => node.displayName === 'mem/layout.capnp:Layout');
      ok(layout !== undefined, 'node Layout');
      equal(layout.struct.dataWordCount, 2, 'dataWordCount');
      equal(layout.struct.pointerCount, 2, 'pointerCount');
      // Offsets in units of the field's size, as capnp lays them out: a at bits 0-31, c at bit
      // 32, e at 16-bit slot 3, d in word 1, b and inner in pointers 0 and 1.
      deepEqual(
        layout.struct.fields.map((field) => [field.name, field.slot.offset]),
        [['a', 0], ['b', 0], ['c', 32], ['d', 1], ['e', 3], ['inner', 1]],
        'field offsets',
      );
      const inner = request.nodes.find((node) => node.displayName === 'mem/layout.capnp:Layout.Inner');
      equal(inner.scopeId, layout.id, 'Inner scope');
      ok(layout.nestedNodes.some((nested) => nested.name === 'Inner' && nested.id === inner.id), 'Inner nested in Layout');
    },
  },
  {
    name: 'compiler: ids as the reference compiler makes them',
    run() {
      const { request } = compileRuntimeSchema();
      const ids = Object.fromEntries(request.nodes.map((node) => [node.displayName, node.id]));
      // From `capnp compile -o-` 0.9.2 on test/runtimes/runtime.capnp.
      equal(ids['runtime.capnp'], 9400292233772164322n, 'file id');
      equal(ids['runtime.capnp:Item'], 15897141726307133915n, 'Item id');
      equal(ids['runtime.capnp:Item.shape'], 18017270898457463724n, 'Item.shape id');
      equal(ids['runtime.capnp:Echo'], 18244377490658919157n, 'Echo id');
      equal(ids['runtime.capnp:Echo.makeCounter$Results'], 15625365344923539494n, 'makeCounter$Results id');
    },
  },
  {
    name: 'compiler: the same CodeGeneratorRequest, byte for byte, as Node 20 made',
    run() {
      const { request, diagnostics } = compileRuntimeSchema();
      equal(diagnostics.length, 0, 'diagnostics');
      deepEqual(encodeCodeGeneratorRequest(request), expected.requestBytes, 'encoded request');
    },
  },
  {
    name: 'codegen: the same generated JavaScript as Node 20 made',
    run() {
      const { request } = compileRuntimeSchema();
      const file = generateJavaScript(request).find((f) => f.filename === expected.generatedFilename);
      ok(file !== undefined, `generated ${expected.generatedFilename}`);
      equal(file.content === expected.generatedJavaScript, true, 'generated code identical');
    },
  },
  {
    name: 'compiler: errors come back as diagnostics',
    run() {
      const { request, diagnostics } = compile({
        files: ['/bad.capnp'],
        sources: { '/bad.capnp': '@0xd2c8a3b1e4f50618;\nstruct Bad {\n  a @0 :NoSuchType;\n  b @0 :Text;\n}\n' },
      });
      equal(request, null, 'no request');
      // As capnp 0.9.2 reports them (it names the file as given on its command line).
      deepEqual(
        diagnostics.map(formatDiagnostic),
        [
          'bad.capnp:3:9-19: error: Not defined: NoSuchType',
          'bad.capnp:4:6-7: error: Duplicate ordinal number.',
          'bad.capnp:3:6-7: error: Ordinal @0 originally used here.',
        ],
        'diagnostics',
      );
    },
  },
];
