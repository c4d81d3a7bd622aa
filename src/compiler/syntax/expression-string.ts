/**
 * Expressions printed back as text, for error messages (`'Foo.Bar' is not a type.`). The
 * spacing follows the reference compiler's messages, tuples included.
 */
import { decodeUtf8 } from '../../wire/index.js';
import type { Expression, ExpressionParam } from './ast.js';

/** A double as C's `%.15g` (or `%.17g` when 15 digits do not round-trip), without `+`. */
export function formatDouble(value: number): string {
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (Number.isNaN(value)) return 'nan';
  let text = formatG(value, 15);
  if (Number.parseFloat(text) !== value) text = formatG(value, 17);
  return text.replace('e+', 'e');
}

/** C's `%.<precision>g`. */
function formatG(value: number, precision: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const exponential = value.toExponential(precision - 1);
  const exponent = Number.parseInt(exponential.slice(exponential.indexOf('e') + 1), 10);
  const stripZeros = (digits: string) => (digits.includes('.') ? digits.replace(/\.?0+$/, '') : digits);
  if (exponent < -4 || exponent >= precision) {
    const [mantissa, exp] = exponential.split('e') as [string, string];
    const sign = exp.startsWith('-') ? '-' : '+';
    const magnitude = exp.replace(/^[+-]/, '').padStart(2, '0');
    return `${stripZeros(mantissa)}e${sign}${magnitude}`;
  }
  return stripZeros(value.toFixed(Math.max(0, precision - 1 - exponent)));
}

/** C-style escaping for a string literal's contents. */
function escapeC(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    switch (byte) {
      case 0x07: out += '\\a'; break;
      case 0x08: out += '\\b'; break;
      case 0x0c: out += '\\f'; break;
      case 0x0a: out += '\\n'; break;
      case 0x0d: out += '\\r'; break;
      case 0x09: out += '\\t'; break;
      case 0x0b: out += '\\v'; break;
      case 0x27: out += "\\'"; break;
      case 0x22: out += '\\"'; break;
      case 0x5c: out += '\\\\'; break;
      default:
        // Octal, so that no following character can be read as part of the escape.
        out += byte < 0x20 || byte === 0x7f ? `\\${byte.toString(8).padStart(3, '0')}` : String.fromCharCode(byte);
    }
  }
  // Bytes above 0x7f were copied one by one; reassemble them as UTF-8.
  return decodeLatin1AsUtf8(out);
}

function decodeLatin1AsUtf8(text: string): string {
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  return decodeUtf8(bytes);
}

function tupleString(params: readonly ExpressionParam[]): string {
  const parts = params.map((param) => {
    const value = expressionString(param.value);
    return param.name === null ? value : `${param.name.value} = ${value}`;
  });
  return `( ${parts.join(', ')} )`;
}

export function expressionString(expression: Expression): string {
  switch (expression.kind) {
    case 'unknown': return '<parse error>';
    case 'positiveInt': return expression.value.toString();
    case 'negativeInt': return `-${expression.value}`;
    case 'float': return formatDouble(expression.value);
    case 'string': return `"${escapeC(expression.value)}"`;
    case 'binary': {
      // The reference prints each byte's low nibble first; kept for identical messages.
      const hex = '0123456789abcdef';
      const bytes = Array.from(expression.value, (b) => `${hex[b % 16]}${hex[b >> 4]}`);
      return `0x"${bytes.join(' ')}"`;
    }
    case 'relativeName': return expression.name.value;
    case 'absoluteName': return `.${expression.name.value}`;
    case 'import': return `import "${escapeC(expression.path.value)}"`;
    case 'embed': return `embed "${escapeC(expression.path.value)}"`;
    case 'list': return `[ ${expression.elements.map(expressionString).join(', ')} ]`;
    case 'tuple': return tupleString(expression.params);
    case 'application': return `${expressionString(expression.function)}(${tupleString(expression.params)})`;
    case 'member': return `${expressionString(expression.parent)}.${expression.name.value}`;
  }
}
