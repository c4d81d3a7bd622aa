/**
 * Where changes are reported: at the member in the new file (line and column of its name),
 * with the old position beside it; removed members at their scope in the new file.
 */
import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../src/compat/index.js';
import { compileText } from './support.js';

const OLD = `@0xd0c0ffee00000001;
struct Person {
  name @0 :Text;
  address :group {
    street @1 :Text;
  }
  age @2 :UInt8;
  enum Kind { a @0; b @1; }
}
struct Place { address :group { street @0 :Text; } }
interface Api {
  call @0 (x :Int32, y :Text) -> (ok :Bool);
}
`;

const NEW = `@0xd0c0ffee00000001;

struct Person {
    name @0 :Data;
    address :group {
      street @1 :Text;
    }
  enum Kind { a @0; }
}
struct Place { address :group { street @0 :Text;
  city @1 :Text; } }
interface Api {
  call @0 (x :Int32, y :Text, z :Float64) -> (ok :UInt8);
}
`;

describe('compat locations', () => {
  const report = compareSchemas(compileText(OLD, '/old.capnp'), compileText(NEW, '/new.capnp'));
  const byRule = (rule: string) => report.changes.filter((c) => c.rule === rule);

  it('puts a changed field at its name in the new file, and in the old one', () => {
    const [change] = byRule('field-type-changed').filter((c) => c.subject === 'Person.name');
    expect(change?.location).toEqual({ file: 'new.capnp', line: 4, col: 5 });
    expect(change?.oldLocation).toEqual({ file: 'old.capnp', line: 3, col: 3 });
  });

  it('puts a removed field at its struct in the new file', () => {
    const [change] = byRule('field-removed');
    expect(change?.subject).toBe('Person.age');
    expect(change?.location).toEqual({ file: 'new.capnp', line: 3, col: 8 });
    expect(change?.oldLocation).toEqual({ file: 'old.capnp', line: 7, col: 3 });
  });

  it('finds fields in groups, enumerants, parameters and results', () => {
    expect(report.changes.find((c) => c.subject === 'Place.address.city')?.location).toEqual({ file: 'new.capnp', line: 11, col: 3 });
    const enumerant = byRule('enumerant-removed')[0];
    expect(enumerant?.oldLocation).toEqual({ file: 'old.capnp', line: 8, col: 21 });
    expect(enumerant?.location).toEqual({ file: 'new.capnp', line: 8, col: 8 });
    expect(byRule('param-added-without-default')[0]?.location).toEqual({ file: 'new.capnp', line: 13, col: 31 });
    const result = byRule('field-type-changed').find((c) => c.subject === 'Api.call(ok)');
    expect(result?.location).toEqual({ file: 'new.capnp', line: 13, col: 47 });
    expect(result?.oldLocation).toEqual({ file: 'old.capnp', line: 12, col: 35 });
  });

  it('names only the file when no source was given', () => {
    const bare = compareSchemas(compileText(OLD).request, compileText(NEW).request);
    expect(bare.changes.find((c) => c.rule === 'field-removed')?.location).toEqual({ file: 'schema.capnp', line: 0, col: 0 });
  });
});
