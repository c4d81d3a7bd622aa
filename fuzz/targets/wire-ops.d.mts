// Types for wire-ops.mjs, so the TypeScript tests can import it.
import type { WireModule } from '../../scripts/fuzz-core.mjs';

export type WireFormat = 'binary' | 'flat' | 'packed' | 'flat-packed';
export type WireOperation = 'walk' | 'canonical' | 'copy' | 'raw';

export declare const FORMATS: readonly WireFormat[];
export declare const OPERATIONS: readonly WireOperation[];

export declare function selection(byte: number): { format: WireFormat; operation: WireOperation; tinySegments: boolean; unaligned: boolean };

export declare function selector(operation: WireOperation, format: WireFormat): number;

export declare function runWireInput(wire: WireModule, data: Uint8Array): void;

export declare function seedInputs(wire: WireModule, binary: Uint8Array, formatIndex: number): { name: string; data: Uint8Array }[];
