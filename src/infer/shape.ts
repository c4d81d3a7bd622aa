/**
 * What the samples hold at one place (a field, a list's elements, the root): how many values
 * of each JSON kind, the range of the integers, and for objects the shapes of their keys.
 */
import type { JsonValue } from '../json/index.js';

/** What was seen at one place of the samples. */
export class Shape {
  count = 0;
  nulls = 0;
  bools = 0;
  strings = 0;
  ints = 0;
  floats = 0;
  intMin = 0n;
  intMax = 0n;
  arrays = 0;
  element: Shape | null = null;
  objects = 0;
  readonly fields = new Map<string, Shape>();
  /** Objects each key was present in. */
  readonly present = new Map<string, number>();

  add(value: JsonValue): void {
    this.count++;
    switch (value.type) {
      case 'null': this.nulls++; break;
      case 'boolean': this.bools++; break;
      case 'string': this.strings++; break;
      case 'number': {
        const text = value.text ?? String(value.value);
        if (/^-?\d+$/.test(text)) {
          const n = BigInt(text);
          if (this.ints === 0 || n < this.intMin) this.intMin = n;
          if (this.ints === 0 || n > this.intMax) this.intMax = n;
          this.ints++;
        } else {
          this.floats++;
        }
        break;
      }
      case 'array':
        this.arrays++;
        this.element ??= new Shape();
        for (const item of value.items) this.element.add(item);
        break;
      case 'object': {
        this.objects++;
        const seen = new Set<string>();
        for (const { name, value: v } of value.fields) {
          let shape = this.fields.get(name);
          if (!shape) {
            shape = new Shape();
            this.fields.set(name, shape);
          }
          shape.add(v);
          if (!seen.has(name)) {
            seen.add(name);
            this.present.set(name, (this.present.get(name) ?? 0) + 1);
          }
        }
        break;
      }
      case 'call':
        this.strings = this.count * 2; // no typed form: forces Json.Value
        break;
    }
  }

  /** Kinds of non-null values seen. */
  kinds(): number {
    return (this.bools > 0 ? 1 : 0) + (this.strings > 0 ? 1 : 0) + (this.ints + this.floats > 0 ? 1 : 0)
      + (this.arrays > 0 ? 1 : 0) + (this.objects > 0 ? 1 : 0);
  }
}
