/**
 * A small backtracking parser-combinator kit, used by both the lexer (over bytes) and the
 * parser (over tokens).
 *
 * It deliberately reproduces how the reference compiler's parsing library tracks progress:
 * every speculative attempt (an alternative, an optional part, a repetition) that fails still
 * counts how far it got, and when a parse fails, the furthest position any attempt reached is
 * where the error is reported. Matching the reference's error locations byte for byte
 * requires matching this bookkeeping, including its quirks (a token consumed and then rejected
 * counts as progress; a lookahead does not).
 */

/** What a parser returns when it does not match. Distinct from every real result. */
export const FAIL: unique symbol = Symbol('parse failure');
export type Fail = typeof FAIL;

export class ParseInput<T> {
  readonly items: ArrayLike<T>;
  readonly end: number;
  pos: number;
  /** The furthest position any attempt on this input has reached. */
  best: number;

  constructor(items: ArrayLike<T>, pos: number, end: number) {
    this.items = items;
    this.pos = pos;
    this.end = end;
    this.best = pos;
  }

  static of<T>(items: ArrayLike<T>, start = 0, end = items.length): ParseInput<T> {
    return new ParseInput(items, start, end);
  }

  atEnd(): boolean {
    return this.pos === this.end;
  }

  current(): T {
    return this.items[this.pos]!;
  }

  next(): void {
    this.pos++;
  }

  /** Where a failed parse should be reported. */
  getBest(): number {
    return Math.max(this.pos, this.best);
  }
}

export type Parser<T, R> = (input: ParseInput<T>) => R | Fail;

/**
 * Runs `parser` speculatively: on failure the input goes back to where it was, but the
 * furthest position the attempt reached is remembered. (The reference library does this with
 * a child input per attempt, merged into its parent when released; doing it in place gives
 * the same positions without the allocations.)
 */
export function attempt<T, R>(input: ParseInput<T>, parser: Parser<T, R>): R | Fail {
  const start = input.pos;
  const result = parser(input);
  if (input.pos > input.best) input.best = input.pos;
  if (result === FAIL) input.pos = start;
  return result;
}

/** The first alternative that matches, each tried from the same position. */
export function oneOf<T, R>(...alternatives: Parser<T, R>[]): Parser<T, R> {
  return (input) => {
    for (const alternative of alternatives) {
      const result = attempt(input, alternative);
      if (result !== FAIL) return result;
    }
    return FAIL;
  };
}

/** Zero or more repetitions (never fails). */
export function many<T, R>(parser: Parser<T, R>): (input: ParseInput<T>) => Exclude<R, Fail>[] {
  return (input) => {
    const results: Exclude<R, Fail>[] = [];
    while (!input.atEnd()) {
      const result = attempt(input, parser);
      if (result === FAIL) break;
      results.push(result as Exclude<R, Fail>);
    }
    return results;
  };
}

/** The parser's result, or `null` when it does not match (never fails). */
export function optional<T, R>(parser: Parser<T, R>): (input: ParseInput<T>) => Exclude<R, Fail> | null {
  return (input) => {
    const result = attempt(input, parser);
    return result === FAIL ? null : (result as Exclude<R, Fail>);
  };
}

/** Succeeds, consuming nothing, when `parser` would not match here. Progress is not recorded. */
export function notLookingAt<T>(parser: Parser<T, unknown>): Parser<T, true> {
  return (input) => {
    const { pos, best } = input;
    const result = parser(input);
    input.pos = pos;
    input.best = best;
    return result === FAIL ? true : FAIL;
  };
}

export function endOfInput<T>(input: ParseInput<T>): true | Fail {
  return input.atEnd() ? true : FAIL;
}
