/**
 * Import results as `.capnp` text: explicit ids on every type (the lock's), fields in the
 * spec's order with the lock's ordinals, union members inside one `union { }` where the first
 * of them falls, descriptions as doc comments (`#` lines after the declaration, the
 * schema language's convention).
 */
import type { CapnpFileDecl, Decl, EnumDecl, FieldDecl, InterfaceDecl, StructDecl } from './model.js';

const INDENT = '  ';

function id(value: bigint): string {
  return `@0x${value.toString(16)}`;
}

/** Doc comment lines (every line of the text, `#`-prefixed). */
function comment(doc: string | undefined, indent: string): string[] {
  if (doc === undefined) return [];
  return doc.split(/\r?\n/).map((line) => `${indent}# ${line}`.trimEnd());
}

function fieldLine(field: FieldDecl): string {
  const annotations = field.annotations.length > 0 ? ` ${field.annotations.join(' ')}` : '';
  return `${field.name} @${field.ordinal} :${field.type}${annotations};`;
}

function writeStruct(decl: StructDecl, indent: string, out: string[]): void {
  const annotations = decl.annotations.length > 0 ? ` ${decl.annotations.join(' ')}` : '';
  out.push(`${indent}struct ${decl.name} ${id(decl.id)}${annotations} {`);
  const inner = indent + INDENT;
  out.push(...comment(decl.doc, inner));
  let unionOpen = false;
  const union = decl.fields.filter((f) => f.inUnion);
  const members = decl.fields;
  for (let i = 0; i < members.length; i++) {
    const field = members[i]!;
    if (field.inUnion && !unionOpen) {
      out.push(`${inner}union {`);
      unionOpen = true;
      for (const member of union) {
        out.push(`${inner}${INDENT}${fieldLine(member)}`);
        out.push(...comment(member.doc, inner + INDENT + INDENT));
      }
      out.push(`${inner}}`);
    }
    if (field.inUnion) continue;
    out.push(`${inner}${fieldLine(field)}`);
    out.push(...comment(field.doc, inner + INDENT));
  }
  for (const nested of decl.nested) {
    out.push('');
    writeDecl(nested, inner, out);
  }
  out.push(`${indent}}`);
}

function writeEnum(decl: EnumDecl, indent: string, out: string[]): void {
  out.push(`${indent}enum ${decl.name} ${id(decl.id)} {`);
  const inner = indent + INDENT;
  out.push(...comment(decl.doc, inner));
  for (const e of decl.enumerants) {
    const annotation = e.jsonName !== undefined ? ` $Json.name(${JSON.stringify(e.jsonName)})` : '';
    out.push(`${inner}${e.name} @${e.ordinal}${annotation};${e.obsolete ? `  # removed from the spec (was ${JSON.stringify(e.key)})` : ''}`);
  }
  out.push(`${indent}}`);
}

function writeInterface(decl: InterfaceDecl, indent: string, out: string[]): void {
  out.push(`${indent}interface ${decl.name} ${id(decl.id)} {`);
  const inner = indent + INDENT;
  out.push(...comment(decl.doc, inner));
  for (const m of decl.methods) {
    out.push(`${inner}${m.name} @${m.ordinal} ${m.params} -> ${m.results};`);
    out.push(...comment(m.doc, inner + INDENT));
  }
  for (const nested of decl.nested) {
    out.push('');
    writeDecl(nested, inner, out);
  }
  out.push(`${indent}}`);
}

function writeDecl(decl: Decl, indent: string, out: string[]): void {
  switch (decl.kind) {
    case 'struct': writeStruct(decl, indent, out); break;
    case 'enum': writeEnum(decl, indent, out); break;
    case 'interface': writeInterface(decl, indent, out); break;
    case 'alias':
      out.push(`${indent}using ${decl.name} = ${decl.type};`);
      out.push(...comment(decl.doc, indent + INDENT));
      break;
  }
}

/** The whole file. */
export function writeCapnp(file: CapnpFileDecl): string {
  const out: string[] = [...file.header.map((line) => `# ${line}`.trimEnd()), `${id(file.id)};`];
  if (file.usesJson) out.push('', 'using Json = import "/capnp/compat/json.capnp";');
  for (const decl of file.decls) {
    out.push('');
    writeDecl(decl, '', out);
  }
  return `${out.join('\n')}\n`;
}
