export { formatFloat32, formatFloat64 } from './numbers.js';
export { printStructText, printListText, printValueText, quoteText, quoteData, type PrintOptions } from './print.js';
export { parseTextInto, parseText, encodeText, splitTextMessages, type ParseTextOptions } from './parse.js';
export { lex, type Token } from './lexer.js';
