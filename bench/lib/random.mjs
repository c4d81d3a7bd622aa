// The data generator of the reference implementation's benchmark suite, so the car-sales,
// cat-rank and eval workloads generate the same data in JavaScript and in bench/cpp: a linear
// congruential generator (state = 1664525 * state + 1013904223 mod 2^32) starting at 1013904223.

export class Random {
  constructor() {
    this.state = 1013904223;
  }

  /**
   * The state is kept as a signed 32-bit integer and stepped with Math.imul, so V8 stays in
   * integer arithmetic (a float multiply and a uint32 above 2^31 made this twice as slow; the
   * generator's cost counts against Capstan in the upstream workloads, as it does against C++).
   */
  step() {
    this.state = (Math.imul(this.state, 1664525) + 1013904223) | 0;
    return this.state;
  }

  next() {
    return this.step() >>> 0;
  }

  /**
   * An integer in [0, range): `next() % range`, computed from 16-bit halves so every
   * intermediate stays a small integer (a modulo of a value above 2^31 is a floating-point
   * operation in V8, several times slower). Exact for range < 32768, as all ranges here are.
   */
  int(range) {
    const value = this.step();
    return (((value >>> 16) % range) * 65536 + (value & 0xffff)) % range;
  }

  /** A double in [0, range]. */
  double(range) {
    return (this.next() * range) / 4294967295;
  }
}

/** Words the cat-rank snippets are made of (as upstream). */
export const WORDS = ['foo ', 'bar ', 'baz ', 'qux ', 'quux ', 'corge ', 'grault ', 'garply ', 'waldo ', 'fred ', 'plugh ', 'xyzzy ', 'thud '];

/**
 * Marsaglia's xorshift128, for the news document: the LCG's low bits cycle with a short period,
 * which would make small ranges (comments per story) repeat.
 */
export class XorShift128 {
  constructor() {
    this.x = 123456789;
    this.y = 362436069;
    this.z = 521288629;
    this.w = 88675123;
  }

  next() {
    const t = this.x ^ (this.x << 11);
    this.x = this.y;
    this.y = this.z;
    this.z = this.w;
    this.w = (this.w ^ (this.w >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    return this.w;
  }

  int(range) {
    return this.next() % range;
  }
}
