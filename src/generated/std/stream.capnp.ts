// Generated from std/capnp/stream.capnp by scripts/generate-std.mjs (Capstan's compiler and
// code generator). Do not edit: run `npm run build && node scripts/generate-std.mjs`.

import * as $ from '../../runtime/private.js';

/**
 * The (empty) result of a streaming method. A caller does not wait for its value: the
 * completion of a streaming call only tells the caller when to send the next one, so that a
 * limited number of calls is in flight at any time.
 */
export type StreamResult = { [key: string]: never };
/** What `StreamResultBuilder.assign` and `encode` accept for `StreamResult`: any subset of its fields. */
export type StreamResultInit = { [key: string]: never };

/**
 * The (empty) result of a streaming method. A caller does not wait for its value: the
 * completion of a streaming call only tells the caller when to send the next one, so that a
 * limited number of calls is in flight at any time.
 */
export class StreamResultReader extends $.GeneratedReader<StreamResult> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
    this.$nesting = nesting;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number, nesting: number): StreamResultReader {
    return new StreamResultReader(segment, data, dataSize, pointers, pointerCount, nesting);
  }

  override $toObject(): StreamResult {
    return {} as StreamResult;
  }
}

/**
 * The (empty) result of a streaming method. A caller does not wait for its value: the
 * completion of a streaming call only tells the caller when to send the next one, so that a
 * limited number of calls is in flight at any time.
 */
export class StreamResultBuilder extends $.GeneratedBuilder<StreamResult, StreamResultInit, StreamResultReader> {
  constructor(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number) {
    super();
    this.$segment = segment;
    this.$data = data;
    this.$pointers = pointers;
    this.$dataSize = dataSize;
    this.$pointerCount = pointerCount;
  }

  static $new(segment: $.Segment, data: number, dataSize: number, pointers: number, pointerCount: number): StreamResultBuilder {
    return new StreamResultBuilder(segment, data, dataSize, pointers, pointerCount);
  }

  override $assign(value: StreamResultInit): void {
    if (typeof value !== 'object' || value === null) throw $.notAnObject(value, 'StreamResult');
    if ($.ASSIGN_MODE.rejectUnknownKeys) $.checkKeys(value, [], 'StreamResult');
  }

  override $asReader(): StreamResultReader {
    return new StreamResultReader(this.$segment, this.$data, this.$dataSize, this.$pointers, this.$pointerCount, $.UNLIMITED_NESTING);
  }
}

export const StreamResult = /* @__PURE__ */ new $.StructType<StreamResult, StreamResultInit, StreamResultReader, StreamResultBuilder>(0x995f9a3377c0b16en, "capnp/stream.capnp:StreamResult", 0, 0, StreamResultReader, StreamResultBuilder);
