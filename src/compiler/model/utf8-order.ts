/**
 * Orders strings by their UTF-8 bytes, as the reference compiler's sorted maps order names
 * (which decides, for instance, the order of a file's import table).
 */
const encoder = new TextEncoder();

export function compareUtf8(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}
