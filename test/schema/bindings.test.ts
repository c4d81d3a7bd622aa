/**
 * The generated schema.capnp bindings against the reference compiler: a request `capnp compile`
 * writes decodes to plain objects, and encoding those objects gives back the same message
 * (compared in canonical form, since layout within segments may differ).
 */
import { expect, it } from 'vitest';
import { decodeCodeGeneratorRequest, encodeCodeGeneratorRequest } from '../../src/schema/index.js';
import { canonicalize, readMessage } from '../../src/wire/index.js';
import { compileRequest, describeReference } from '../support/reference.js';

const STANDARD = ['/usr/include/capnp/schema.capnp', '/usr/include/capnp/rpc.capnp', '/usr/include/capnp/compat/json.capnp'];

describeReference('schema.capnp bindings', () => {
  for (const file of STANDARD) {
    it(`round-trips the request for ${file}`, () => {
      const bytes = compileRequest([file]);
      const request = decodeCodeGeneratorRequest(bytes);
      expect(request.requestedFiles?.[0]?.filename).toBe(file.slice(1));
      expect(request.nodes?.length).toBeGreaterThan(5);
      const again = encodeCodeGeneratorRequest(request);
      const limits = { traversalLimitInWords: 1 << 30 };
      expect(canonicalize(readMessage(again, limits).getRoot())).toEqual(canonicalize(readMessage(bytes, limits).getRoot()));
    });
  }

  it('decodes node details as the reference wrote them', () => {
    const request = decodeCodeGeneratorRequest(compileRequest(['/usr/include/capnp/schema.capnp']));
    const field = request.nodes?.find((n) => n.displayName === 'usr/include/capnp/schema.capnp:Field');
    expect(field?.id).toBe(0x9aad50a41f4af45fn);
    if (!field || !('struct' in field) || !field.struct) throw new Error('Field is not a struct');
    expect(field.struct.dataWordCount).toBe(3);
    expect(field.struct.pointerCount).toBe(4);
    const discriminant = field.struct.fields?.find((f) => f.name === 'discriminantValue');
    expect(discriminant && 'slot' in discriminant && discriminant.slot.hadExplicitDefault).toBe(true);
    expect(discriminant && 'slot' in discriminant && discriminant.slot.defaultValue).toEqual({ uint16: 0xffff });
  });
});
