/**
 * Every public path that returns message bytes returns `Uint8Array<ArrayBuffer>`: bytes a
 * `fetch` body, a `Response`, `crypto.subtle` or `postMessage` transfer take as they are (a
 * plain `Uint8Array` is `Uint8Array<ArrayBufferLike>`, which TypeScript 5.7+ refuses as
 * `BodyInit`). The assignments below are checked by `tsc` (npm run typecheck covers test/);
 * at run time, each result's buffer is an ArrayBuffer and makes a Response body.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  MessageBuilder, canonicalize, frameSegments, pack, packPieces, readMessage, unpack,
} from '../../src/index.js';
import { CodeGeneratorRequest } from '../../src/generated/std/schema.capnp.js';
import { encode as encodeDynamic, loadSchema } from '../../src/dynamic/index.js';
import { encodeText } from '../../src/text/index.js';
import { fromJson } from '../../src/json/index.js';
import { capnpBody } from '../../src/fetch/index.js';
import { convertMessage } from '../../src/cli/convert.js';
import { writeOutput } from '../../src/cli/commands/formats.js';
import { compileSources } from '../support/compile-memory.js';

const schema = loadSchema(compileSources({ '/p.capnp': '@0xa1b2c3d4e5f60718;\nstruct P { name @0 :Text; }\n' }));
const P = schema.struct('P');

/** What each path returns, typed as it is declared (no casts). */
function results() {
  const builder = new MessageBuilder();
  builder.initRoot(1, 1).setText(0, 'x');
  const bytes = builder.toBytes();
  const generated = CodeGeneratorRequest.encode({ requestedFiles: [{ filename: 'a.capnp' }] });
  return {
    'StructType.encode': generated,
    'StructType.encode packed': CodeGeneratorRequest.encode({}, { format: 'packed' }),
    'MessageBuilder.toBytes': bytes,
    'MessageBuilder.toBytes flat': builder.toBytes('flat'),
    pack: pack(bytes),
    packPieces: packPieces([bytes]),
    unpack: unpack(pack(bytes)),
    canonicalize: canonicalize(readMessage(bytes).getRoot()),
    frameSegments: frameSegments(builder.getSegments()),
    'dynamic encode': encodeDynamic(P, { name: 'x' }),
    encodeText: encodeText(P, '(name = "x")'),
    'fromJson().toBytes': fromJson(P, '{"name": "x"}').toBytes(),
    'capnpBody().body': capnpBody(CodeGeneratorRequest, {}).body,
    'cli convertMessage': convertMessage(readMessage(bytes), 'packed'),
  };
}

describe('message bytes are Uint8Array<ArrayBuffer>', () => {
  it('at the type level: each is assignable to BodyInit and to Uint8Array<ArrayBuffer>', () => {
    const all = results();
    for (const value of Object.values(all)) {
      expectTypeOf(value).toEqualTypeOf<Uint8Array<ArrayBuffer>>();
      const body: BodyInit = value;
      const exact: Uint8Array<ArrayBuffer> = value;
      expect(body).toBe(exact);
    }
    // The CLI's writer gives text or such bytes.
    const written = writeOutput(readMessage(all['MessageBuilder.toBytes']), 'binary', null, { pretty: false, limits: {} });
    expectTypeOf(written).toEqualTypeOf<Uint8Array<ArrayBuffer> | string>();
  });

  it('at run time: each is backed by an ArrayBuffer and is a Response body', async () => {
    for (const [name, value] of Object.entries(results())) {
      expect(value.buffer, name).toBeInstanceOf(ArrayBuffer);
      const back = new Uint8Array(await new Response(value).arrayBuffer());
      expect(back, name).toEqual(value);
    }
  });
});
