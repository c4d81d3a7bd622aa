/**
 * Numbers as the reference implementation writes them (text format and JSON alike): a double
 * with 15 significant digits, or 17 when 15 do not read back as the same value; a Float32 with
 * 6, or 8. Formatted like C's `%g` (shortest of fixed and exponent notation, trailing zeros
 * dropped, at least two exponent digits), with the `+` of exponents removed, and `inf`, `-inf`
 * and `nan` for the special values. Rounding is to nearest, ties to even on the exact binary
 * value, as the C library does.
 */

const TWO_POW_MINUS_126 = 2 ** -126;

/** `%.{precision}g` of a finite nonzero number, with C's rounding. */
function formatG(x: number, precision: number): string {
  const negative = x < 0;
  const magnitude = negative ? -x : x;
  const [digits, exponent] = significantDigits(magnitude, precision);
  let out: string;
  if (exponent < -4 || exponent >= precision) {
    let mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    mantissa = stripZeros(mantissa);
    const e = Math.abs(exponent);
    out = `${mantissa}e${exponent < 0 ? '-' : ''}${e < 10 ? '0' : ''}${e}`;
  } else if (exponent >= 0) {
    const whole = digits.slice(0, exponent + 1);
    const fraction = digits.slice(exponent + 1);
    out = stripZeros(fraction.length > 0 ? `${whole}.${fraction}` : whole);
  } else {
    out = stripZeros(`0.${'0'.repeat(-exponent - 1)}${digits}`);
  }
  return negative ? `-${out}` : out;
}

function stripZeros(s: string): string {
  if (!s.includes('.')) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return s.slice(0, end);
}

/** The first `precision` significant digits of positive `x` (rounded half to even) and the decimal exponent. */
function significantDigits(x: number, precision: number): [string, number] {
  const text = x.toExponential(precision - 1);
  const e = text.indexOf('e');
  let digits = text.slice(0, e).replace('.', '');
  let exponent = Number(text.slice(e + 1));
  // JavaScript rounds exact ties away from zero; C rounds them to even. A tie means x has
  // exactly one more significant digit, a 5: only then can the two differ.
  const longer = x.toExponential(precision);
  const le = longer.indexOf('e');
  const longerDigits = longer.slice(0, le).replace('.', '');
  if (longerDigits.endsWith('5')) {
    const longerExponent = Number(longer.slice(le + 1));
    if (isExactly(x, longerDigits, longerExponent - precision)) {
      const kept = longerDigits.slice(0, precision);
      if ((kept.charCodeAt(precision - 1) - 48) % 2 === 0) {
        digits = kept;
        exponent = longerExponent;
      }
    }
  }
  return [digits, exponent];
}

/** Whether positive `x` equals `digits` × 10^`scale` exactly. */
function isExactly(x: number, digits: string, scale: number): boolean {
  if (Number(`${digits}e${scale}`) !== x) return false;
  // x = mantissa × 2^binaryExponent, exactly.
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let binaryExponent: number;
  if (biased === 0) {
    binaryExponent = -1074;
  } else {
    mantissa |= 1n << 52n;
    binaryExponent = biased - 1075;
  }
  let left = mantissa;
  let right = BigInt(digits);
  if (binaryExponent >= 0) left <<= BigInt(binaryExponent);
  else right <<= BigInt(-binaryExponent);
  if (scale >= 0) right *= 10n ** BigInt(scale);
  else left *= 10n ** BigInt(-scale);
  return left === right;
}

/** A Float64 as the reference writes it. */
export function formatFloat64(x: number): string {
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (Number.isNaN(x)) return 'nan';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const short = formatG(x, 15);
  return Number(short) === x ? short : formatG(x, 17);
}

/** A Float32 (given as the number it holds) as the reference writes it. */
export function formatFloat32(x: number): string {
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (Number.isNaN(x)) return 'nan';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const short = formatG(x, 6);
  // The C library reports subnormal results of strtof as a range error, so they never count
  // as read back: the reference then prints them with 8 digits.
  const subnormal = Math.abs(x) < TWO_POW_MINUS_126;
  return !subnormal && Math.fround(Number(short)) === x ? short : formatG(x, 8);
}
