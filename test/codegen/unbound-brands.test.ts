/**
 * Brands that leave a scope out (schema.capnp's Brand: "all parameters should be considered to
 * be AnyPointer"): `Outer.Inner` written inside Outer(T) is Inner of an unbound Outer, so its
 * `T` reads as AnyPointer, as the reference prints it (`<opaque pointer>`); only a scope marked
 * `inherit` (`Inner` written on its own) takes T from the place of use. Generated code and the
 * dynamic API both read it so (found reading upstream test.capnp's TestGenerics.Inner2.innerUnbound).
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { SchemaLoader, readRoot } from '../../src/dynamic/index.js';
import { decodeCodeGeneratorRequest } from '../../src/schema/index.js';
import { printStructText } from '../../src/text/index.js';
import { FIXTURES, generateFixtures } from '../support/generate.js';
import { compileRequest, decode, describeReference, encode } from '../support/reference.js';

const SCHEMA = join(FIXTURES, 'codegen/unbound.capnp');

describeReference('a scope left out of a brand is unbound', () => {
  const bytes = () => encode(SCHEMA, 'Mirror', '(outer = (inherited = (value = "bound to Text"), unbound = (value = "opaque")))');

  it('as the reference prints it', () => {
    expect(decode(SCHEMA, 'Use', bytes()).trim()).toBe('(outer = (inherited = (value = "bound to Text"), unbound = (value = <opaque pointer>)))');
  });

  it('through the dynamic API', () => {
    const request = decodeCodeGeneratorRequest(compileRequest([SCHEMA], { srcPrefix: join(FIXTURES, 'codegen') }));
    const loader = new SchemaLoader(request);
    const use = loader.struct(request.nodes!.find((n) => n.displayName === 'unbound.capnp:Use')!.id);
    expect(printStructText(readRoot(use, bytes()), { short: true })).toBe(decode(SCHEMA, 'Use', bytes()).trim());
  });

  it('through generated code', async () => {
    const dir = generateFixtures('unbound-brands', 'codegen', ['unbound.capnp']);
    const { Use } = await import(join(dir, 'unbound.capnp.ts'));
    const outer = Use.read(bytes()).outer;
    expect(outer.inherited.value).toBe('bound to Text');
    const opaque = outer.unbound.value;
    expect(typeof opaque).not.toBe('string');
    expect(opaque.getText()).toBe('opaque');
  });
});
