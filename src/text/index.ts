export { formatFloat32, formatFloat64 } from './numbers.js';
export { DEFAULT_MAX_PRINTED_CHARS } from './output-limit.js';
export { printStructText, printListText, printValueText, quoteText, quoteData, type PrintOptions } from './print.js';
export { parseTextInto, parseText, encodeText, splitTextMessages, type ParseTextOptions, type TextLimits, type TextSyntaxOptions } from './parse.js';
export { lex, DEFAULT_TEXT_NESTING_LIMIT, type Token } from './lexer.js';
