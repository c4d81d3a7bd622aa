/**
 * compat/json.capnp's annotations as the JSON mapping reads them: their ids, and what a field's,
 * enumerant's or struct's annotations say (JSON name, flattening and its prefix, discriminator,
 * byte encoding). Shared by the codec (json/mappings.ts) and the JSON Schema export
 * (openapi/json-mapping.ts), so both follow one reading of the annotations.
 */
import { AnyPointerReader, StructReader } from '../wire/index.js';

/** Ids of compat/json.capnp's declarations. */
export const JSON_IDS = {
  value: 0xa3fa7845f919dd83n,
  name: 0xfa5b1fd61c2e7c3dn,
  flatten: 0x82d3e852af0336bfn,
  discriminator: 0xcfa794e8d19a0162n,
  base64: 0xd7d879450a253e4bn,
  hex: 0xf061e22f0ae5c7b5n,
  notification: 0xa0a054dea32fd98cn,
} as const;

interface Annotated {
  readonly annotations: readonly { readonly id: bigint; readonly value: unknown }[];
}

/** `$Json.discriminator(name, valueName)`: null where the annotation leaves a part out. */
export interface Discriminator {
  name: string | null;
  valueName: string | null;
}

/** How `$Json.base64` / `$Json.hex` write a Data field. */
export type BytesEncoding = 'base64' | 'hex';

/** What compat/json.capnp's annotations say of one field. */
export interface FieldJsonAnnotations {
  /** `$Json.name`, or null for the declared name. */
  name: string | null;
  /** `$Json.flatten`'s prefix ('' without one), or null when the field is not flattened. */
  flattenPrefix: string | null;
  /** `$Json.discriminator` on a union group. */
  discriminator: Discriminator | null;
  /** `$Json.base64` or `$Json.hex` on Data. */
  bytes: BytesEncoding | null;
}

function annotationText(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const text = (value as { text?: unknown }).text;
  return typeof text === 'string' ? text : null;
}

/** The struct an annotation's value holds (FlattenOptions, DiscriminatorOptions). */
function annotationStruct(value: unknown): StructReader | null {
  if (value === null || typeof value !== 'object' || !('struct' in value)) return null;
  const s = (value as { struct: unknown }).struct;
  if (s instanceof StructReader) return s;
  if (s instanceof AnyPointerReader) return s.isNull() ? null : s.getStruct();
  return null;
}

function readDiscriminator(value: unknown): Discriminator {
  const s = annotationStruct(value);
  return {
    name: s && s.hasPointer(0) ? s.getText(0) : null,
    valueName: s && s.hasPointer(1) ? s.getText(1) : null,
  };
}

/** `$Json.name` of a field, enumerant or union, or `declared` without one. */
export function jsonName(of: Annotated, declared: string): string {
  for (const a of of.annotations) if (a.id === JSON_IDS.name) return annotationText(a.value) ?? declared;
  return declared;
}

/** The `$Json.discriminator` on a struct (a union's own group, or a struct whose union it names). */
export function structDiscriminator(of: Annotated): Discriminator | null {
  for (const a of of.annotations) if (a.id === JSON_IDS.discriminator) return readDiscriminator(a.value);
  return null;
}

/** Every compat/json.capnp annotation of a field, read once. */
export function fieldJsonAnnotations(field: Annotated): FieldJsonAnnotations {
  const out: FieldJsonAnnotations = { name: null, flattenPrefix: null, discriminator: null, bytes: null };
  for (const a of field.annotations) {
    switch (a.id) {
      case JSON_IDS.name: out.name = annotationText(a.value) ?? out.name; break;
      case JSON_IDS.flatten: {
        const options = annotationStruct(a.value);
        out.flattenPrefix = options && options.hasPointer(0) ? options.getText(0) : '';
        break;
      }
      case JSON_IDS.discriminator: out.discriminator = readDiscriminator(a.value); break;
      case JSON_IDS.base64: out.bytes = 'base64'; break;
      case JSON_IDS.hex: out.bytes = 'hex'; break;
      default: break;
    }
  }
  return out;
}
