/**
 * How an error message names a value that is not what an argument or field needs: `number 5`,
 * `bigint 5`, `null`, `an array`, `string "abc"`.
 *
 * Never throws and stays short, whatever it is given: interpolating the value itself would
 * throw a `TypeError` for a symbol (in place of the error being reported) and put all of a
 * long string into the message.
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': return `string ${JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}...` : value)}`;
    case 'number': case 'bigint': case 'boolean': return `${typeof value} ${String(value)}`;
    case 'undefined': return 'undefined';
    case 'function': return 'a function';
    case 'symbol': return 'a symbol';
    default: return value instanceof Uint8Array ? 'a Uint8Array' : 'an object';
  }
}
