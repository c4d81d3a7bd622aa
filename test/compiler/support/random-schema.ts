/**
 * Random schemas for differential testing against the reference compiler: structs with nested
 * groups and unions and shuffled ordinals, enums, interfaces, generics and default values.
 * Most are valid; some are not (a union numbered after two of its members, a default out of
 * range), which is fine: both compilers must then reject them with the same errors.
 *
 * With `{ json: true }` the schema also carries compat/json.capnp annotations ($Json.name,
 * $Json.flatten, $Json.discriminator, $Json.base64, $Json.hex), for the JSON codec's property
 * tests (test/properties). Without it, a seed gives the same schema as it always has.
 */

export interface RandomSchemaOptions {
  /** Add compat/json.capnp annotations (default false). */
  json?: boolean;
  /**
   * Use what 1.0's language added (default false): now and then a Text or Data value as a block
   * quote, and a struct or group value given as a lone literal (its first field's value when
   * the literal has that field's type; an error both compilers must report alike otherwise).
   */
  version1?: boolean;
}

export interface Rng {
  (): number;
  below(n: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** A deterministic generator (xorshift32) from `seed`. */
export function createRng(seed: number): Rng {
  let x = seed >>> 0 || 0x9e3779b9;
  const next = (() => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  }) as Rng;
  next.below = (n) => next() % n;
  next.chance = (p) => next() / 2 ** 32 < p;
  next.pick = (items) => items[next.below(items.length)]!;
  return next;
}

const PRIMITIVES = ['Void', 'Bool', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Float32', 'Float64', 'Text', 'Data'];

interface FieldSpec {
  kind: 'field';
  name: string;
  type: string;
  default: string | null;
  /** compat/json.capnp annotations (with `{ json: true }`), written after the others. */
  json?: string;
}
interface GroupSpec {
  kind: 'group' | 'union';
  /** '' for an unnamed union. */
  name: string;
  members: MemberSpec[];
  /** Set for a union numbered explicitly (`@N!`). */
  ordinalSlot: boolean;
  json?: string;
  /** A union with a `$Json.discriminator` (for an unnamed union, on its struct). */
  tagged?: boolean;
}
type MemberSpec = FieldSpec | GroupSpec;

class SchemaBuilder {
  private readonly rng: Rng;
  private nameCounter = 0;
  readonly enums: { name: string; values: string[] }[] = [];
  readonly structs: string[] = [];
  /** Members of the structs declared so far, to write literals of them. */
  readonly structMembers = new Map<string, MemberSpec[]>();
  /** Constants declared so far, by type. */
  readonly constants: { name: string; type: string }[] = [];
  /**
   * For each struct declared so far, the struct types flattened into its JSON object without a
   * prefix (at any depth, through groups and other such flattened structs).
   */
  readonly bareFlattened = new Map<string, Set<string>>();
  /** The same for the struct being written: reset by `beginStruct`. */
  private bareFlattenedHere = new Set<string>();

  /** Whether to add compat/json.capnp annotations. */
  readonly json: boolean;
  /** 1.0's additions are drawn (and only then: other schemas keep their seeds). */
  readonly version1: boolean;

  constructor(rng: Rng, json = false, version1 = false) {
    this.rng = rng;
    this.json = json;
    this.version1 = version1;
  }

  /**
   * JSON annotations for a member (drawn only in JSON mode, so other schemas keep their seeds).
   * Every name and prefix is fresh, so renamed and flattened members never collide, but for a
   * struct type whose members would land twice in one JSON object without a prefix (flattened
   * twice, or also through another flattened struct): such a flatten gets a prefix instead.
   */
  jsonAnnotations(member: MemberSpec, flattenable: boolean): string {
    const r = this.rng;
    let out = '';
    if (member.kind === 'field') {
      if (member.type === 'Data' && r.chance(0.6)) out += r.chance(0.5) ? ' $Json.base64' : ' $Json.hex';
      // Not a field with a default: JSON leaves out its null members, and reading them back
      // starts from the default struct (in the reference too), so they would not round-trip.
      // Only a struct with a member JSON always writes: a flattened struct whose members are
      // all left out (null pointers) writes nothing, and reads back as no struct at all.
      if (flattenable && member.default === null && this.structs.includes(member.type) && this.alwaysWritesAMember(member.type) && r.chance(0.4)) {
        const bare = !r.chance(0.7) && this.flattenBare(member.type);
        out += bare ? ' $Json.flatten()' : ` $Json.flatten(prefix = "${this.name('p')}_")`;
      }
    } else if (member.kind === 'group' && flattenable && r.chance(0.4)) {
      out += r.chance(0.5) ? ` $Json.flatten(prefix = "${this.name('p')}_")` : ' $Json.flatten()';
    } else if (member.kind === 'union' && member.name !== '' && member.tagged) {
      out += r.chance(0.5) ? ` $Json.discriminator(name = "${this.name('d')}")` : ` $Json.discriminator(name = "${this.name('d')}", valueName = "${this.name('v')}")`;
    }
    if (member.name !== '' && !out.includes('flatten') && r.chance(0.2)) out += ` $Json.name("${this.name('j')}-x")`;
    return out;
  }

  /** Starts a new struct: nothing is flattened into its JSON object yet. */
  beginStruct(): void {
    this.bareFlattenedHere = new Set();
  }

  /** Ends the struct `name`, recording what is flattened into it without a prefix. */
  endStruct(name: string): void {
    this.bareFlattened.set(name, this.bareFlattenedHere);
  }

  /**
   * Whether `struct` can be flattened without a prefix into the struct being written: none of
   * the struct types it brings is there already. If so, they are recorded as there now.
   */
  private flattenBare(struct: string): boolean {
    const brought = [struct, ...(this.bareFlattened.get(struct) ?? [])];
    if (brought.some((type) => this.bareFlattenedHere.has(type))) return false;
    for (const type of brought) this.bareFlattenedHere.add(type);
    return true;
  }

  /** Whether JSON writes at least one member of `struct` whatever its value: a scalar outside any union. */
  private alwaysWritesAMember(struct: string): boolean {
    return (this.structMembers.get(struct) ?? []).some((m) => m.kind === 'field' && m.type !== 'Void'
      && (this.enums.some((e) => e.name === m.type) || (PRIMITIVES.includes(m.type) && m.type !== 'Text' && m.type !== 'Data')));
  }

  name(prefix: string): string {
    return `${prefix}${this.nameCounter++}`;
  }

  private intLiteral(type: string): string {
    const r = this.rng;
    const ranges: Record<string, [bigint, bigint]> = {
      Int8: [-128n, 127n], Int16: [-32768n, 32767n], Int32: [-(2n ** 31n), 2n ** 31n - 1n], Int64: [-(2n ** 63n), 2n ** 63n - 1n],
      UInt8: [0n, 255n], UInt16: [0n, 65535n], UInt32: [0n, 2n ** 32n - 1n], UInt64: [0n, 2n ** 64n - 1n],
    };
    const [min, max] = ranges[type]!;
    const choice = r.below(6);
    // Now and then a value just out of range, which both compilers must reject.
    if (choice === 0 && r.chance(0.01)) return (max + 1n).toString();
    if (choice === 0) return max.toString();
    if (choice === 1) return min.toString();
    const span = max - min + 1n;
    const value = min + (BigInt(r()) * BigInt(r()) * BigInt(r())) % span;
    if (choice === 2 && value >= 0n) return `0x${value.toString(16)}`;
    return value.toString();
  }

  private floatLiteral(): string {
    const r = this.rng;
    return r.pick(['0', '1.5', '-2.25', '1e10', '-3.5e-5', 'inf', '-inf', 'nan', '16777217', '0.1', String(r.below(100000))]);
  }

  private textLiteral(): string {
    const r = this.rng;
    const text = r.pick(['', 'x', 'hello world', 'tab\there', 'é', 'quote"s', String(r())]);
    // A block quote runs to the end of its line: what follows goes on the next.
    if (this.version1 && r.chance(0.2)) return `\n    \`${text.replace(/\t/g, ' ')} # "verbatim"\n    `;
    return JSON.stringify(text);
  }

  /** A lone literal where a struct or group goes: fits its first field, or is an error. */
  private loneLiteral(): string {
    return this.literal(this.rng.pick(['Int32', 'UInt8', 'Int64', 'Float64', 'Bool', 'Void', 'Text']), 3);
  }

  literal(type: string, depth: number): string {
    const r = this.rng;
    if (type === 'Void') return 'void';
    if (type === 'Bool') return r.chance(0.5) ? 'true' : 'false';
    if (type.startsWith('Int') || type.startsWith('UInt')) return this.intLiteral(type);
    if (type.startsWith('Float')) return this.floatLiteral();
    if (type === 'Text') return this.textLiteral();
    if (type === 'Data') return r.chance(0.5) ? `0x"${Array.from({ length: 1 + r.below(4) }, () => r.below(256).toString(16).padStart(2, '0')).join(' ')}"` : this.textLiteral();
    if (type.startsWith('List(')) {
      const element = type.slice(5, -1);
      const count = r.below(4);
      return `[${Array.from({ length: count }, () => this.literal(element, depth + 1)).join(', ')}]`;
    }
    const enumType = this.enums.find((e) => e.name === type);
    if (enumType !== undefined) return r.pick(enumType.values);
    const members = this.structMembers.get(type);
    if (members === undefined || depth > 2) return '()';
    if (this.version1 && r.chance(0.1)) return this.loneLiteral();
    return this.tuple(members, depth + 1);
  }

  /** A struct (or group) literal assigning some of `members`. */
  private tuple(members: readonly MemberSpec[], depth: number): string {
    const r = this.rng;
    const assignments: string[] = [];
    for (const member of members) {
      if (!r.chance(0.5)) continue;
      if (member.kind === 'field') {
        if (member.type !== 'AnyPointer') assignments.push(`${member.name} = ${this.literal(member.type, depth)}`);
      } else if (member.kind === 'group' && this.version1 && r.chance(0.1)) {
        assignments.push(`${member.name} = ${this.loneLiteral()}`);
      } else if (member.kind === 'group' || member.name !== '') {
        assignments.push(`${member.name} = ${this.tuple(member.kind === 'union' ? [r.pick(member.members)] : member.members, depth)}`);
      } else {
        // Unnamed union: one member (now and then two: the last one wins).
        const chosen = r.chance(0.8) ? [r.pick(member.members)] : [r.pick(member.members), r.pick(member.members)];
        const inner = this.tuple(chosen.map((m) => m), depth);
        if (inner.length > 2) assignments.push(inner.slice(1, -1));
      }
    }
    return `(${assignments.filter((a) => a.length > 0).join(', ')})`;
  }

  /** A value for `type`: a literal, or now and then a constant of that type. */
  value(type: string): string {
    const constants = this.constants.filter((c) => c.type === type);
    if (constants.length > 0 && this.rng.chance(0.3)) return `.${this.rng.pick(constants).name}`;
    return this.literal(type, 0);
  }

  fieldType(depth: number): string {
    const r = this.rng;
    const roll = r.below(20);
    if (roll < 12) return r.pick(PRIMITIVES);
    if (roll < 14 && this.enums.length > 0) return r.pick(this.enums).name;
    if (roll < 16 && depth < 2) return `List(${r.pick(PRIMITIVES.filter((p) => p !== 'Void'))})`;
    if (roll < 17 && this.structs.length > 0) return r.pick(this.structs);
    if (roll < 18 && this.structs.length > 0) return `List(${r.pick(this.structs)})`;
    if (roll < 19) return 'AnyPointer';
    return r.pick(PRIMITIVES);
  }

  /**
   * `tagged`: the members are those of a union with a discriminator. Only then are members of a
   * union flattened in JSON mode: without a tag, JSON cannot say which flattened member it
   * holds (the reference then decodes the union's default member instead).
   */
  members(count: number, depth: number, inUnion: boolean, tagged = false): MemberSpec[] {
    const r = this.rng;
    const members: MemberSpec[] = [];
    let hasUnnamedUnion = false;
    for (let i = 0; i < count; i++) {
      const roll = r.below(10);
      if (depth < 3 && roll === 0) {
        members.push({ kind: 'group', name: this.name('g'), members: this.members(1 + r.below(3), depth + 1, false), ordinalSlot: false });
      } else if (depth < 3 && roll === 1) {
        const unionTagged = this.json && r.chance(0.5);
        members.push({ kind: 'union', name: this.name('u'), members: this.members(2 + r.below(3), depth + 1, true, unionTagged), ordinalSlot: r.chance(0.02), tagged: unionTagged });
      } else if (depth < 3 && roll === 2 && !inUnion && !hasUnnamedUnion) {
        hasUnnamedUnion = true;
        // An unnamed union's discriminator goes on its struct: a group cannot have one.
        const unionTagged = this.json && depth === 0 && r.chance(0.5);
        members.push({ kind: 'union', name: '', members: this.members(2 + r.below(3), depth + 1, true, unionTagged), ordinalSlot: false, tagged: unionTagged });
      } else {
        const type = this.fieldType(depth);
        const withDefault = r.chance(0.3) && type !== 'AnyPointer';
        members.push({ kind: 'field', name: this.name('f'), type, default: withDefault ? this.value(type) : null });
      }
      if (this.json) members[members.length - 1]!.json = this.jsonAnnotations(members[members.length - 1]!, !inUnion || tagged);
    }
    return members;
  }
}

/** Numbers every field (and explicitly numbered union) with a shuffled ordinal. */
function assignOrdinals(members: MemberSpec[], rng: Rng): Map<MemberSpec, number> {
  const slots: MemberSpec[] = [];
  const collect = (list: MemberSpec[]) => {
    for (const member of list) {
      if (member.kind === 'field') slots.push(member);
      else {
        if (member.ordinalSlot) slots.push(member);
        collect(member.members);
      }
    }
  };
  collect(members);
  const ordinals = slots.map((_, i) => i);
  for (let i = ordinals.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [ordinals[i], ordinals[j]] = [ordinals[j]!, ordinals[i]!];
  }
  return new Map(slots.map((slot, i) => [slot, ordinals[i]!]));
}

function renderMembers(members: MemberSpec[], ordinals: Map<MemberSpec, number>, indent: string, annotate: () => string): string {
  return members.map((member) => {
    const json = member.json ?? '';
    if (member.kind === 'field') {
      const value = member.default === null ? '' : ` = ${member.default}`;
      return `${indent}${member.name} @${ordinals.get(member)} :${member.type}${value}${annotate()}${json};\n`;
    }
    const body = renderMembers(member.members, ordinals, `${indent}  `, annotate);
    if (member.kind === 'group') return `${indent}${member.name} :group${annotate()}${json} {\n${body}${indent}}\n`;
    if (member.name === '') return `${indent}union {\n${body}${indent}}\n`;
    const ordinal = member.ordinalSlot ? ` @${ordinals.get(member)}!` : '';
    return `${indent}${member.name}${ordinal} :union${annotate()}${json} {\n${body}${indent}}\n`;
  }).join('');
}

/** A random schema file (with the given file id). */
export function randomSchema(seed: number, fileId = 0xf0e1d2c3b4a59687n, options: RandomSchemaOptions = {}): string {
  const rng = createRng(seed);
  const builder = new SchemaBuilder(rng, options.json ?? false, options.version1 ?? false);
  let out = `@0x${fileId.toString(16)};\n\n`;
  if (builder.json) out += 'using Json = import "/capnp/compat/json.capnp";\n\n';

  for (let e = rng.below(3); e > 0; e--) {
    const name = builder.name('Enum');
    const count = 1 + rng.below(5);
    const values = Array.from({ length: count }, () => builder.name('e'));
    const order = values.map((_, i) => i).sort(() => rng.below(3) - 1);
    builder.enums.push({ name, values });
    const renamed = values.map(() => (builder.json && rng.chance(0.3) ? ` $Json.name("${builder.name('n')}-x")` : ''));
    out += `enum ${name} {\n${values.map((value, i) => `  ${value} @${order[i]}${renamed[i]};\n`).join('')}}\n\n`;
  }

  // Annotations, applied below to structs and fields (their values are random too).
  const annotations: { name: string; type: string }[] = [];
  for (let a = rng.below(3); a > 0; a--) {
    const annotation = { name: builder.name('ann'), type: rng.pick(['Void', 'Int32', 'Text', 'List(UInt8)', 'Float64']) };
    annotations.push(annotation);
    out += `annotation ${annotation.name}(struct, field, group, union) :${annotation.type};\n`;
  }
  const annotate = () => {
    if (annotations.length === 0 || !rng.chance(0.3)) return '';
    const annotation = rng.pick(annotations);
    return annotation.type === 'Void' ? ` $${annotation.name}` : ` $${annotation.name}(${builder.literal(annotation.type, 0)})`;
  };

  const structCount = 1 + rng.below(4);
  for (let s = 0; s < structCount; s++) {
    const name = builder.name('Test');
    builder.beginStruct();
    const members = builder.members(1 + rng.below(8), 0, false);
    builder.endStruct(name);
    const ordinals = assignOrdinals(members, rng);
    // The unnamed union's discriminator goes on the struct.
    const tagged = members.some((m) => m.kind === 'union' && m.name === '' && m.tagged);
    const discriminator = tagged ? ` $Json.discriminator(name = "${builder.name('d')}")` : '';
    out += `struct ${name}${annotate()}${discriminator} {\n${renderMembers(members, ordinals, '  ', annotate)}}\n\n`;
    builder.structs.push(name);
    builder.structMembers.set(name, members);
    // Constants of the new struct type, and of a primitive type, for later defaults to name.
    if (rng.chance(0.5)) {
      const constant = { name: builder.name('c'), type: rng.chance(0.5) ? name : rng.pick(PRIMITIVES.filter((p) => p !== 'Void')) };
      builder.constants.push(constant);
      out += `const ${constant.name} :${constant.type} = ${builder.literal(constant.type, 0)};\n\n`;
    }
  }

  if (rng.chance(0.5)) {
    const name = builder.name('Iface');
    const methodCount = 1 + rng.below(4);
    const methods: string[] = [];
    for (let m = 0; m < methodCount; m++) {
      const params = Array.from({ length: rng.below(4) }, () => {
        const type = builder.fieldType(1);
        const value = rng.chance(0.2) && type !== 'AnyPointer' ? ` = ${builder.literal(type, 0)}` : '';
        return `${builder.name('p')} :${type}${value}`;
      });
      const results = rng.chance(0.2) ? 'stream' : `(${Array.from({ length: rng.below(3) }, () => `${builder.name('r')} :${builder.fieldType(1)}`).join(', ')})`;
      methods.push(`  ${builder.name('m')} @${m} (${params.join(', ')}) -> ${results};\n`);
    }
    // Declaration order differs from ordinal order.
    methods.reverse();
    out += `interface ${name} {\n${methods.join('')}}\n\n`;
  }

  if (rng.chance(0.3) && builder.structs.length > 0) {
    const target = rng.pick(builder.structs);
    out += `struct Generic${seed}(T, U) {\n  t @0 :T;\n  u @1 :U;\n  inner @2 :Generic${seed}(U, T);\n  list @3 :List(Generic${seed}(T, Text));\n}\n\n`;
    out += `struct UsesGeneric${seed} {\n  g @0 :Generic${seed}(${target}, Data);\n}\n\n`;
  }
  return out;
}

/** Fragments that, pasted into a schema, tend to make interesting errors. */
const MUTATION_PIECES = [
  ' ', ';', '{', '}', '(', ')', '[', ']', ',', '=', ':', '@', '@0', '0x"', '"', '$', '.', '-', '!', '#', '\n', '->', '1e',
  'union', 'group', 'struct', 'enum', 'interface', 'const', 'annotation', 'using', 'stream', 'List(', 'Text', 'AnyPointer',
  'T', 'import "x"', 'embed "y"', '9999999999999999999999', '@99',
];

/**
 * `source` with one to three random edits: a few bytes deleted, a fragment inserted, or a
 * piece of the file copied elsewhere.
 */
export function mutateSchema(source: string, seed: number): string {
  const rng = createRng(seed);
  let text = source;
  for (let edits = 1 + rng.below(3); edits > 0; edits--) {
    const at = rng.below(text.length);
    switch (rng.below(3)) {
      case 0:
        text = text.slice(0, at) + text.slice(at + 1 + rng.below(10));
        break;
      case 1:
        text = text.slice(0, at) + rng.pick(MUTATION_PIECES) + text.slice(at);
        break;
      default: {
        const from = rng.below(text.length);
        text = text.slice(0, at) + text.slice(from, from + rng.below(30)) + text.slice(at);
      }
    }
  }
  return text;
}
