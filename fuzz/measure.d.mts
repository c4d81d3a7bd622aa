// Types for measure.mjs, so the TypeScript tests can import it.
export interface Measured {
  name: string;
  bytes: number;
  micros: number;
  microsPerByte: number;
}
export declare function measure(
  target: { fuzz(data: Uint8Array): void },
  inputs: readonly { name: string; data: Uint8Array }[],
  runs?: number,
): { median: number; worst: Measured; results: Measured[] };
