/**
 * Schemas that misuse 1.0's struct value given as its first field's: values that fit neither
 * the struct nor its first field. Each is `FIRST_FIELD_DECLARATIONS` (after a file id) followed
 * by one of `FIRST_FIELD_MISUSES`; the reference compilers reject each, and Capstan must report
 * what they report (test/compiler/language-editions.test.ts against pycapnp's first error,
 * test/compiler/parity-1x.test.ts against the capnp 1.x tool's errors).
 */
export const FIRST_FIELD_DECLARATIONS = `struct S { code @0 :UInt8; label @1 :Text; }
struct G { g :group { a @0 :Text; } }
struct C { c @0 :Color; } enum Color { red @0; }
struct B { d @0 :Data; }
`;

export const FIRST_FIELD_MISUSES: readonly string[] = [
  'const c :S = "text";', 'const c :S = 300;', 'const c :S = -1;', 'const c :S = [1];', 'const c :S = 0x"00";',
  'const c :B = "bytes";', 'const c :C = red;', 'const c :List(S) = [1, "x"];', 'const c :G = (g = [1]);', 'const c :G = (g = 5);',
  'const c :G = (g = undefinedName);', 'struct T { s @0 :S = "x"; }', 'const a :S = "x";\nconst b :S = .a;',
];
