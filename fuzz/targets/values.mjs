// JavaScript values from bytes, for the `encode` target, and back (for seeding its corpus
// from decoded fixture messages). One tag byte per value:
//   0 null, 1 undefined, 2 false, 3 true, 4 int8, 5 float64 (8 bytes LE), 6 a special number,
//   7 bigint (8 bytes LE, signed), 8 string (length byte, UTF-8), 9 Uint8Array (length byte),
//   10 array (count byte, items), 11 object (count byte, then key index byte and value),
//   12 object with one key spelled out (string, value), 13 int32 (4 bytes LE), 14 a special bigint,
//   15 a long string (length byte x 64, one repeated character).
// Missing bytes read as zero, so every input is a value.
const SPECIAL_NUMBERS = [NaN, Infinity, -Infinity, -0, 2 ** 53, 2 ** 64, -(2 ** 63), 1e-310, 0.5, 3.4e38, 4294967296, -2147483649, 65536, 255.5];
const SPECIAL_BIGINTS = [0n, -1n, 2n ** 63n, -(2n ** 63n), 2n ** 64n - 1n, 2n ** 64n, -(2n ** 64n), 2n ** 32n, 2n ** 200n];

export function valueFromBytes(bytes, names) {
  let at = 0;
  let budget = 2000; // values, in all
  const byte = () => (at < bytes.length ? bytes[at++] : 0);
  const view = new DataView(new ArrayBuffer(8));
  const chunk = (n) => {
    for (let i = 0; i < n; i++) view.setUint8(i, byte());
  };
  const text = (length) => {
    const start = Math.min(at, bytes.length);
    at += length;
    return new TextDecoder().decode(bytes.subarray(start, Math.min(at, bytes.length)));
  };
  const value = (depth) => {
    if (--budget < 0 || at >= bytes.length) return undefined;
    const tag = byte() % 16;
    switch (tag) {
      case 0: return null;
      case 1: return undefined;
      case 2: return false;
      case 3: return true;
      case 4: return (byte() << 24) >> 24;
      case 5: chunk(8); return view.getFloat64(0, true);
      case 6: return SPECIAL_NUMBERS[byte() % SPECIAL_NUMBERS.length];
      case 7: chunk(8); return view.getBigInt64(0, true);
      case 8: return text(byte());
      case 9: {
        const length = byte();
        const start = Math.min(at, bytes.length);
        at += length;
        return bytes.slice(start, Math.min(at, bytes.length));
      }
      case 10: {
        const count = byte();
        const items = [];
        for (let i = 0; i < count && depth < 64 && at < bytes.length; i++) items.push(value(depth + 1));
        return items;
      }
      case 11: {
        const count = byte();
        const object = {};
        for (let i = 0; i < count && depth < 64 && at < bytes.length; i++) object[names[byte() % names.length]] = value(depth + 1);
        return object;
      }
      case 12: {
        const key = text(byte());
        return depth < 64 ? { [key]: value(depth + 1) } : {};
      }
      case 13: chunk(4); return view.getInt32(0, true);
      case 14: return SPECIAL_BIGINTS[byte() % SPECIAL_BIGINTS.length];
      default: return String.fromCharCode(32 + (byte() % 95)).repeat(byte() * 64);
    }
  };
  return value(0);
}

/** The bytes `valueFromBytes` reads back as `value` (as near as the tags allow). */
export function valueToBytes(value, names) {
  const out = [];
  const encoder = new TextEncoder();
  const view = new DataView(new ArrayBuffer(8));
  const put = (v) => {
    if (v === null) out.push(0);
    else if (v === undefined) out.push(1);
    else if (typeof v === 'boolean') out.push(v ? 3 : 2);
    else if (typeof v === 'number') {
      if (Number.isInteger(v) && v >= -128 && v < 128 && !Object.is(v, -0)) out.push(4, v & 0xff);
      else if (Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31) {
        view.setInt32(0, v, true);
        out.push(13, ...new Uint8Array(view.buffer, 0, 4));
      } else {
        view.setFloat64(0, v, true);
        out.push(5, ...new Uint8Array(view.buffer, 0, 8));
      }
    } else if (typeof v === 'bigint') {
      view.setBigInt64(0, BigInt.asIntN(64, v), true);
      out.push(7, ...new Uint8Array(view.buffer, 0, 8));
    } else if (typeof v === 'string') {
      const b = encoder.encode(v).subarray(0, 255);
      out.push(8, b.length, ...b);
    } else if (v instanceof Uint8Array) {
      out.push(9, Math.min(v.length, 255), ...v.subarray(0, 255));
    } else if (Array.isArray(v)) {
      out.push(10, Math.min(v.length, 255));
      for (const item of v.slice(0, 255)) put(item);
    } else if (typeof v === 'object') {
      const entries = Object.entries(v).filter(([k]) => names.includes(k)).slice(0, 255);
      out.push(11, entries.length);
      for (const [k, item] of entries) {
        out.push(names.indexOf(k));
        put(item);
      }
    } else out.push(1);
  };
  put(value);
  return new Uint8Array(out);
}
