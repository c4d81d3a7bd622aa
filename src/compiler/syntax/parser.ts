/**
 * The parser: lexed statements to declarations.
 *
 * Each statement is parsed on its own with the grammar of the scope it appears in (file,
 * struct, interface or enum), so one bad statement does not hide errors in the others. Like
 * the lexer, the grammar is built from the combinators of `parse-input.ts` in the same order
 * as the reference compiler's, so that failures are reported at the same token, and errors
 * raised while parsing (a bad ordinal, a missing colon) are raised under the same conditions.
 */
import { decodeUtf8 } from '../../wire/index.js';
import {
  ANNOTATION_TARGETS, NO_NAME, UNKNOWN_EXPRESSION,
  type AnnotationApplication, type AnnotationTargets, type BrandParameter, type Declaration, type DeclarationBody,
  type Expression, type ExpressionParam, type LocatedInteger, type LocatedText, type Param, type ParamList,
} from './ast.js';
import { addErrorOn, type ErrorReporter } from '../diagnostics.js';
import { formatId, randomId } from '../ids.js';
import type { Statement, Token } from './lexer.js';
import { FAIL, type Fail, ParseInput, endOfInput, many, oneOf, optional } from './parse-input.js';

type Input = ParseInput<Token>;
type TokenOf<K extends Token['kind']> = Extract<Token, { kind: K }>;

/** A parsed declaration, and the grammar of the statements in its block (null: no block). */
interface DeclParserResult {
  decl: Declaration;
  memberParser: DeclParser | null;
}
type DeclParser = (input: Input) => DeclParserResult | Fail;

// ---------------------------------------------------------------------------------------------
// Single tokens. A token of the wrong kind is still consumed before being rejected: this counts
// as progress when the reference compiler decides where a parse error is.

function tokenOfKind<K extends Token['kind']>(input: Input, kind: K): TokenOf<K> | Fail {
  if (input.atEnd()) return FAIL;
  const token = input.current();
  input.next();
  return token.kind === kind ? (token as TokenOf<K>) : FAIL;
}

function identifier(input: Input): LocatedText | Fail {
  const token = tokenOfKind(input, 'identifier');
  return token === FAIL ? FAIL : { value: token.text, startByte: token.startByte, endByte: token.endByte };
}

const keywords = new Map<string, (input: Input) => LocatedText | Fail>();
const operators = new Map<string, (input: Input) => TokenOf<'operator'> | Fail>();

/** Matches the identifier `word` (one parser per word, made once). */
function keyword(word: string): (input: Input) => LocatedText | Fail {
  let parser = keywords.get(word);
  if (parser === undefined) {
    parser = (input) => {
      const name = identifier(input);
      return name !== FAIL && name.value === word ? name : FAIL;
    };
    keywords.set(word, parser);
  }
  return parser;
}

/** Matches the operator token `text` (one parser per operator, made once). */
function op(text: string): (input: Input) => TokenOf<'operator'> | Fail {
  let parser = operators.get(text);
  if (parser === undefined) {
    parser = (input) => {
      const token = tokenOfKind(input, 'operator');
      return token !== FAIL && token.text === text ? token : FAIL;
    };
    operators.set(text, parser);
  }
  return parser;
}

const colon = op(':');
const stringTokens = many((input: Input) => tokenOfKind(input, 'string'));
const equals = op('=');

function expressionAt(kind: Expression['kind'], from: { startByte: number; endByte: number }, fields: object): Expression {
  return { kind, startByte: from.startByte, endByte: from.endByte, ...fields } as Expression;
}

function emptyTargets(): AnnotationTargets {
  return Object.fromEntries(ANNOTATION_TARGETS.map((target) => [target, false])) as AnnotationTargets;
}

function newDecl(body: DeclarationBody, fields: Partial<Declaration> = {}): Declaration {
  return {
    name: NO_NAME, id: { kind: 'unspecified' }, parameters: [], nestedDecls: [], annotations: [], docComment: null,
    startByte: 0, endByte: 0, body, ...fields,
  };
}

export class CapnpParser {
  private readonly reporter: ErrorReporter;

  constructor(reporter: ErrorReporter) {
    this.reporter = reporter;
  }

  // -------------------------------------------------------------------------------------------
  // Lists: a parenthesized or bracketed token holds comma-separated items, each parsed whole.

  /**
   * Parses every item of a list token with `itemParser`; an item that fails is reported and
   * left as null, so the list keeps its length.
   */
  private listItems<R>(list: TokenOf<'parenthesizedList' | 'bracketedList'>, itemParser: (input: Input) => R | Fail): (R | null)[] {
    return list.items.map((item) => {
      const input = ParseInput.of(item);
      const result = itemParser(input);
      if (result !== FAIL && endOfInput(input) !== FAIL) return result;
      const best = input.getBest();
      if (best < item.length) {
        this.reporter.addError(item[best]!.startByte, item[item.length - 1]!.endByte, 'Parse error.');
      } else if (item.length > 0) {
        this.reporter.addError(item[0]!.startByte, item[item.length - 1]!.endByte, 'Parse error.');
      } else {
        this.reporter.addError(list.startByte, list.endByte, 'Parse error: Empty list item.');
      }
      return null;
    });
  }

  private parenthesizedList<R>(itemParser: (input: Input) => R | Fail) {
    return (input: Input): { items: (R | null)[]; startByte: number; endByte: number } | Fail => {
      const list = tokenOfKind(input, 'parenthesizedList');
      if (list === FAIL) return FAIL;
      return { items: this.listItems(list, itemParser), startByte: list.startByte, endByte: list.endByte };
    };
  }

  private bracketedList<R>(itemParser: (input: Input) => R | Fail) {
    return (input: Input): { items: (R | null)[]; startByte: number; endByte: number } | Fail => {
      const list = tokenOfKind(input, 'bracketedList');
      if (list === FAIL) return FAIL;
      return { items: this.listItems(list, itemParser), startByte: list.startByte, endByte: list.endByte };
    };
  }

  // -------------------------------------------------------------------------------------------
  // Expressions

  /** `name =` (before a value or a `using` target), if present. */
  private readonly nameAndEquals = optional((sub: Input) => {
    const n = identifier(sub);
    return n === FAIL || equals(sub) === FAIL ? FAIL : n;
  });

  /** `= value`, if present. */
  private readonly valueAfterEquals = optional((sub: Input) => (equals(sub) === FAIL ? FAIL : this.expression(sub)));

  private tupleElement = (input: Input): ExpressionParam | Fail => {
    const name = this.nameAndEquals(input);
    const value = this.expression(input);
    if (value === FAIL) return FAIL;
    return { name, value };
  };

  private tuple = (input: Input): { params: ExpressionParam[]; startByte: number; endByte: number } | Fail => {
    const list = this.parenthesizedList(this.tupleElement)(input);
    if (list === FAIL) return FAIL;
    const params = list.items.map((item) => item ?? { name: null, value: UNKNOWN_EXPRESSION });
    return { params, startByte: list.startByte, endByte: list.endByte };
  };

  private readonly baseExpression = oneOf<Token, Expression>(
    (input) => {
      const token = tokenOfKind(input, 'integer');
      return token === FAIL ? FAIL : expressionAt('positiveInt', token, { value: token.value });
    },
    (input) => {
      if (op('-')(input) === FAIL) return FAIL;
      const token = tokenOfKind(input, 'integer');
      return token === FAIL ? FAIL : expressionAt('negativeInt', token, { value: token.value });
    },
    (input) => {
      const token = tokenOfKind(input, 'float');
      return token === FAIL ? FAIL : expressionAt('float', token, { value: token.value });
    },
    (input) => {
      if (op('-')(input) === FAIL) return FAIL;
      const token = tokenOfKind(input, 'float');
      return token === FAIL ? FAIL : expressionAt('float', token, { value: -token.value });
    },
    (input) => {
      const minus = op('-')(input);
      if (minus === FAIL) return FAIL;
      const inf = keyword('inf')(input);
      if (inf === FAIL) return FAIL;
      return { kind: 'float', value: -Infinity, startByte: minus.startByte, endByte: inf.endByte };
    },
    (input) => {
      const parts = stringTokens(input);
      if (parts.length === 0) return FAIL;
      const bytes = new Uint8Array(parts.reduce((total, part) => total + part.bytes.length, 0));
      let at = 0;
      for (const part of parts) {
        bytes.set(part.bytes, at);
        at += part.bytes.length;
      }
      return {
        kind: 'string', value: decodeUtf8(bytes), bytes,
        startByte: parts[0]!.startByte, endByte: parts[parts.length - 1]!.endByte,
      };
    },
    (input) => {
      const token = tokenOfKind(input, 'binary');
      return token === FAIL ? FAIL : expressionAt('binary', token, { value: token.bytes });
    },
    (input) => {
      const list = this.bracketedList(this.expression)(input);
      if (list === FAIL) return FAIL;
      return expressionAt('list', list, { elements: list.items.map((item) => item ?? UNKNOWN_EXPRESSION) });
    },
    (input) => {
      const tuple = this.tuple(input);
      if (tuple === FAIL) return FAIL;
      // A parenthesized single value is just that value.
      if (tuple.params.length === 1 && tuple.params[0]!.name === null) return tuple.params[0]!.value;
      return expressionAt('tuple', tuple, { params: tuple.params });
    },
    (input) => this.pathExpression(input, 'import'),
    (input) => this.pathExpression(input, 'embed'),
    (input) => {
      const dot = op('.')(input);
      if (dot === FAIL) return FAIL;
      const name = identifier(input);
      if (name === FAIL) return FAIL;
      return { kind: 'absoluteName', name, startByte: dot.startByte, endByte: name.endByte };
    },
    (input) => {
      const name = identifier(input);
      return name === FAIL ? FAIL : expressionAt('relativeName', name, { name });
    },
  );

  private pathExpression(input: Input, word: 'import' | 'embed'): Expression | Fail {
    const kw = keyword(word)(input);
    if (kw === FAIL) return FAIL;
    const file = tokenOfKind(input, 'string');
    if (file === FAIL) return FAIL;
    const path: LocatedText = { value: file.text, startByte: file.startByte, endByte: file.endByte };
    return { kind: word, path, startByte: kw.startByte, endByte: file.endByte } as Expression;
  }

  /** A suffix applied to the expression before it: `.member` or `(arguments)`. */
  private readonly suffix = oneOf<Token, (base: Expression) => Expression>(
    (input) => {
      const dot = op('.')(input);
      if (dot === FAIL) return FAIL;
      const name = identifier(input);
      if (name === FAIL) return FAIL;
      return (parent) => ({ kind: 'member', parent, name, startByte: parent.startByte, endByte: name.endByte });
    },
    (input) => {
      const tuple = this.tuple(input);
      if (tuple === FAIL) return FAIL;
      return (fn) => ({ kind: 'application', function: fn, params: tuple.params, startByte: fn.startByte, endByte: tuple.endByte });
    },
  );

  readonly expression = (input: Input): Expression | Fail => {
    const base = this.baseExpression(input);
    if (base === FAIL) return FAIL;
    const suffixes = this.suffixes(input);
    return suffixes.reduce((expression, apply) => apply(expression), base);
  };

  private readonly suffixes = many(this.suffix);

  /** `$name` or `$name(value)`. */
  private annotation = (input: Input): AnnotationApplication | Fail => {
    if (op('$')(input) === FAIL) return FAIL;
    const expression = this.expression(input);
    if (expression === FAIL) return FAIL;
    if (expression.kind !== 'application') return { name: expression, value: null };
    // What looked like an application is the annotation's value.
    const params = expression.params;
    if (params.length === 1 && params[0]!.name === null) return { name: expression.function, value: params[0]!.value };
    return { name: expression.function, value: { kind: 'tuple', params, startByte: 0, endByte: 0 } };
  };

  private readonly annotations = many(this.annotation);

  // -------------------------------------------------------------------------------------------
  // Ids and ordinals

  private uid = (input: Input): LocatedInteger | Fail => {
    if (op('@')(input) === FAIL) return FAIL;
    const token = tokenOfKind(input, 'integer');
    if (token === FAIL) return FAIL;
    if (token.value < 1n << 63n) {
      this.reporter.addError(token.startByte, token.endByte, "Invalid ID.  Please generate a new one with 'capnpc -i'.");
    }
    return { value: token.value, startByte: token.startByte, endByte: token.endByte };
  };

  private ordinal = (input: Input): LocatedInteger | Fail => {
    if (op('@')(input) === FAIL) return FAIL;
    const token = tokenOfKind(input, 'integer');
    if (token === FAIL) return FAIL;
    if (token.value >= 65536n) this.reporter.addError(token.startByte, token.endByte, 'Ordinals cannot be greater than 65535.');
    return { value: token.value, startByte: token.startByte, endByte: token.endByte };
  };

  private readonly optionalUid = optional(this.uid);
  private readonly optionalGenericParameters = optional(this.parenthesizedList(identifier));

  private genericParameters(list: { items: (LocatedText | null)[] } | null): BrandParameter[] {
    if (list === null) return [];
    return list.items.map((name) => (name === null ? { name: '', startByte: 0, endByte: 0 } : { name: name.value, startByte: name.startByte, endByte: name.endByte }));
  }

  // -------------------------------------------------------------------------------------------
  // Declarations

  private usingDecl: DeclParser = (input) => {
    if (keyword('using')(input) === FAIL) return FAIL;
    const name = this.nameAndEquals(input);
    const target = this.expression(input);
    if (target === FAIL) return FAIL;
    let declName = NO_NAME;
    if (name !== null) {
      declName = name;
    } else if (target.kind === 'member') {
      declName = target.name;
    } else {
      addErrorOn(this.reporter, target, "'using' declaration without '=' must specify a named declaration from a different scope.");
    }
    return { decl: newDecl({ kind: 'using', target }, { name: declName }), memberParser: null };
  };

  private constDecl: DeclParser = (input) => {
    if (keyword('const')(input) === FAIL) return FAIL;
    const name = identifier(input);
    if (name === FAIL) return FAIL;
    const uid = this.optionalUid(input);
    if (colon(input) === FAIL) return FAIL;
    const type = this.expression(input);
    if (type === FAIL || equals(input) === FAIL) return FAIL;
    const value = this.expression(input);
    if (value === FAIL) return FAIL;
    const annotations = this.annotations(input);
    return { decl: newDecl({ kind: 'const', type, value }, { name, id: uidOf(uid), annotations }), memberParser: null };
  };

  private enumDecl: DeclParser = (input) => {
    if (keyword('enum')(input) === FAIL) return FAIL;
    const name = identifier(input);
    if (name === FAIL) return FAIL;
    const uid = this.optionalUid(input);
    const annotations = this.annotations(input);
    return { decl: newDecl({ kind: 'enum' }, { name, id: uidOf(uid), annotations }), memberParser: this.enumLevelDecl };
  };

  private enumerantDecl: DeclParser = (input) => {
    const name = identifier(input);
    if (name === FAIL) return FAIL;
    const ordinal = this.ordinal(input);
    if (ordinal === FAIL) return FAIL;
    const annotations = this.annotations(input);
    return { decl: newDecl({ kind: 'enumerant' }, { name, id: { kind: 'ordinal', value: ordinal }, annotations }), memberParser: null };
  };

  private structDecl: DeclParser = (input) => {
    if (keyword('struct')(input) === FAIL) return FAIL;
    const name = identifier(input);
    if (name === FAIL) return FAIL;
    const uid = this.optionalUid(input);
    const parameters = this.optionalGenericParameters(input);
    const annotations = this.annotations(input);
    return {
      decl: newDecl({ kind: 'struct' }, { name, id: uidOf(uid), parameters: this.genericParameters(parameters), annotations }),
      memberParser: this.structLevelDecl,
    };
  };

  private fieldDecl: DeclParser = (input) => {
    const name = identifier(input);
    if (name === FAIL) return FAIL;
    const ordinal = this.ordinal(input);
    if (ordinal === FAIL || colon(input) === FAIL) return FAIL;
    const type = this.expression(input);
    if (type === FAIL) return FAIL;
    const defaultValue = this.valueAfterEquals(input);
    const annotations = this.annotations(input);
    return {
      decl: newDecl({ kind: 'field', type, defaultValue }, { name, id: { kind: 'ordinal', value: ordinal }, annotations }),
      memberParser: null,
    };
  };

  /** `@N`, `@N!`, `@N:`, `@N!:` or just `:`, before `union`. */
  private ordinalOrColon = oneOf<Token, { ordinal: LocatedInteger | null; missingExclamation: boolean; missingColon: boolean }>(
    (input) => {
      const ordinal = this.ordinal(input);
      if (ordinal === FAIL) return FAIL;
      const exclamation = optional(op('!'))(input);
      const hasColon = optional(colon)(input);
      return { ordinal, missingExclamation: exclamation === null, missingColon: hasColon === null };
    },
    (input) => (colon(input) === FAIL ? FAIL : { ordinal: null, missingExclamation: false, missingColon: false }),
  );

  private unionDecl: DeclParser = (input) => {
    const header = oneOf<Token, { name: LocatedText; ordinal: LocatedInteger | null; missingExclamation: boolean; missingColon: boolean; annotations: AnnotationApplication[] }>(
      (sub) => {
        const name = identifier(sub);
        if (name === FAIL) return FAIL;
        const ordinal = this.ordinalOrColon(sub);
        if (ordinal === FAIL || keyword('union')(sub) === FAIL) return FAIL;
        return { name, ...ordinal, annotations: this.annotations(sub) };
      },
      (sub) => {
        // An unnamed union: its "name" is the keyword's position, for error messages.
        const kw = keyword('union')(sub);
        if (kw === FAIL || endOfInput(sub) === FAIL) return FAIL;
        return {
          name: { value: '', startByte: kw.startByte, endByte: kw.endByte }, ordinal: null,
          missingExclamation: false, missingColon: false, annotations: [],
        };
      },
    )(input);
    if (header === FAIL) return FAIL;
    if (header.missingExclamation) {
      addErrorOn(this.reporter, header.ordinal!,
        'As of Cap\'n Proto v0.3, it is no longer necessary to assign numbers to unions. However, removing the number ' +
        'will break binary compatibility. If this is an old protocol and you need to retain compatibility, please add ' +
        'an exclamation point after the number to indicate that it is really needed, e.g. `foo @1! :union {`. If this ' +
        'is a new protocol or compatibility doesn\'t matter, just remove the @n entirely. Sorry for the inconvenience, ' +
        'and thanks for being an early adopter!  :)');
    }
    if (header.missingColon) {
      addErrorOn(this.reporter, header.ordinal!,
        "As of Cap'n Proto v0.3, the 'union' keyword should be prefixed with a colon for named unions, e.g. `foo :union {`.");
    }
    const id = header.ordinal === null ? { kind: 'unspecified' as const } : { kind: 'ordinal' as const, value: header.ordinal };
    return { decl: newDecl({ kind: 'union' }, { name: header.name, id, annotations: header.annotations }), memberParser: this.structLevelDecl };
  };

  private groupDecl: DeclParser = (input) => {
    const name = identifier(input);
    if (name === FAIL || colon(input) === FAIL || keyword('group')(input) === FAIL) return FAIL;
    const annotations = this.annotations(input);
    return { decl: newDecl({ kind: 'group' }, { name, annotations }), memberParser: this.structLevelDecl };
  };

  private interfaceDecl: DeclParser = (input) => {
    if (keyword('interface')(input) === FAIL) return FAIL;
    const name = identifier(input);
    if (name === FAIL) return FAIL;
    const uid = this.optionalUid(input);
    const parameters = this.optionalGenericParameters(input);
    const superclasses = optional((sub: Input) => (keyword('extends')(sub) === FAIL ? FAIL : this.parenthesizedList(this.expression)(sub)))(input);
    const annotations = this.annotations(input);
    const body: DeclarationBody = {
      kind: 'interface',
      superclasses: superclasses === null ? [] : superclasses.items.map((item) => item ?? UNKNOWN_EXPRESSION),
    };
    return {
      decl: newDecl(body, { name, id: uidOf(uid), parameters: this.genericParameters(parameters), annotations }),
      memberParser: this.interfaceLevelDecl,
    };
  };

  private param = (input: Input): Param | Fail => {
    const start = input.pos;
    const name = identifier(input);
    if (name === FAIL || colon(input) === FAIL) return FAIL;
    const type = this.expression(input);
    if (type === FAIL) return FAIL;
    const defaultValue = this.valueAfterEquals(input);
    const annotations = this.annotations(input);
    const tokens = input.items;
    return {
      name, type, defaultValue, annotations,
      startByte: tokens[start]!.startByte, endByte: tokens[input.pos - 1]!.endByte,
    };
  };

  private paramList = oneOf<Token, ParamList>(
    (input) => {
      const list = this.parenthesizedList(this.param)(input);
      if (list === FAIL) return FAIL;
      const params = list.items.map((item) => item ?? MISSING_PARAM);
      return { kind: 'namedList', params, startByte: list.startByte, endByte: list.endByte };
    },
    (input) => {
      const kw = keyword('stream')(input);
      return kw === FAIL ? FAIL : { kind: 'stream', startByte: kw.startByte, endByte: kw.endByte };
    },
    (input) => {
      const type = this.expression(input);
      return type === FAIL ? FAIL : { kind: 'type', type, startByte: type.startByte, endByte: type.endByte };
    },
  );

  private methodDecl: DeclParser = (input) => {
    const name = identifier(input);
    if (name === FAIL) return FAIL;
    const ordinal = this.ordinal(input);
    if (ordinal === FAIL) return FAIL;
    const implicitParameters = optional(this.bracketedList(identifier))(input);
    const params = this.paramList(input);
    if (params === FAIL) return FAIL;
    const results = optional((sub: Input) => (op('->')(sub) === FAIL ? FAIL : this.paramList(sub)))(input) as ParamList | null;
    const annotations = this.annotations(input);
    return {
      decl: newDecl({ kind: 'method', params, results }, {
        name, id: { kind: 'ordinal', value: ordinal }, parameters: this.genericParameters(implicitParameters), annotations,
      }),
      memberParser: null,
    };
  };

  private annotationTarget = oneOf<Token, LocatedText>(
    identifier,
    (input) => {
      const star = op('*')(input);
      return star === FAIL ? FAIL : { value: '*', startByte: star.startByte, endByte: star.endByte };
    },
  );

  private annotationDecl: DeclParser = (input) => {
    if (keyword('annotation')(input) === FAIL) return FAIL;
    const name = identifier(input);
    if (name === FAIL) return FAIL;
    const uid = this.optionalUid(input);
    const targetList = this.parenthesizedList(this.annotationTarget)(input);
    if (targetList === FAIL || colon(input) === FAIL) return FAIL;
    const type = this.expression(input);
    if (type === FAIL) return FAIL;
    const annotations = this.annotations(input);
    const targets = emptyTargets();
    for (const target of targetList.items) {
      if (target === null) continue;
      if (target.value === '*') {
        if (targetList.items.length > 1) {
          addErrorOn(this.reporter, target, 'Wildcard should not be specified together with other targets.');
        }
        for (const flag of ANNOTATION_TARGETS) targets[flag] = true;
        continue;
      }
      const first = target.value.charCodeAt(0);
      const flag = `targets${target.value.charAt(0).toUpperCase()}${target.value.slice(1)}` as keyof AnnotationTargets;
      if (target.value.length === 0 || target.value.length >= 32 || !(first >= 0x61 && first <= 0x7a) || !(flag in targets)) {
        addErrorOn(this.reporter, target, 'Not a valid annotation target.');
        continue;
      }
      if (targets[flag]) addErrorOn(this.reporter, target, 'Duplicate target specification.');
      targets[flag] = true;
    }
    return { decl: newDecl({ kind: 'annotation', type, targets }, { name, id: uidOf(uid), annotations }), memberParser: null };
  };

  private nakedId: DeclParser = (input) => {
    const id = this.uid(input);
    return id === FAIL ? FAIL : { decl: newDecl({ kind: 'nakedId', id }), memberParser: null };
  };

  private nakedAnnotation: DeclParser = (input) => {
    const annotation = this.annotation(input);
    return annotation === FAIL ? FAIL : { decl: newDecl({ kind: 'nakedAnnotation', annotation }), memberParser: null };
  };

  private genericDecl = oneOf(this.usingDecl, this.constDecl, this.annotationDecl, this.enumDecl, this.structDecl, this.interfaceDecl);
  readonly fileLevelDecl: DeclParser = oneOf(this.genericDecl, this.nakedId, this.nakedAnnotation);
  private enumLevelDecl: DeclParser = oneOf(this.enumerantDecl);
  private structLevelDecl: DeclParser = oneOf(this.unionDecl, this.fieldDecl, this.groupDecl, this.genericDecl);
  private interfaceLevelDecl: DeclParser = oneOf(this.methodDecl, this.genericDecl);

  /** Parses one statement (and, recursively, its block) with `parser`; null on a parse error. */
  parseStatement(statement: Statement, parser: DeclParser): Declaration | null {
    const input = ParseInput.of(statement.tokens);
    const output = parser(input);
    if (output === FAIL || endOfInput(input) === FAIL) {
      const best = input.getBest();
      const tokens = statement.tokens;
      let at: number;
      if (best < tokens.length) at = tokens[best]!.startByte;
      else if (tokens.length > 0) at = tokens[tokens.length - 1]!.endByte;
      else at = statement.startByte;
      this.reporter.addError(at, at, 'Parse error.');
      return null;
    }
    const decl = output.decl;
    if (statement.docComment !== null) decl.docComment = statement.docComment;
    decl.startByte = statement.startByte;
    decl.endByte = statement.endByte;
    if (statement.block === null) {
      if (output.memberParser !== null) {
        this.reporter.addError(statement.startByte, statement.endByte, 'This statement should end with a block, not a semicolon.');
      }
    } else if (output.memberParser !== null) {
      const members: Declaration[] = [];
      for (const member of statement.block) {
        const parsed = this.parseStatement(member, output.memberParser);
        if (parsed !== null) members.push(parsed);
      }
      decl.nestedDecls = members;
    } else {
      this.reporter.addError(statement.startByte, statement.endByte, 'This statement should end with a semicolon, not a block.');
    }
    return decl;
  }
}

const MISSING_PARAM: Param = { name: NO_NAME, type: UNKNOWN_EXPRESSION, annotations: [], defaultValue: null, startByte: 0, endByte: 0 };

function uidOf(uid: LocatedInteger | null): Declaration['id'] {
  return uid === null ? { kind: 'unspecified' } : { kind: 'uid', value: uid };
}

/**
 * Parses a file's statements into its root declaration (kind `file`). A file without an id gets
 * a random one, with an error suggesting it, unless earlier errors may have hidden the id.
 */
/**
 * The file declaration of `statements`. A file without an id gets a random one and, when
 * `requireId` (as `capnp compile` has it), an error suggesting it; without (`capnp eval` since
 * 1.0, for config files that define no types worth naming) the random id is all.
 */
export function parseFile(statements: readonly Statement[], reporter: ErrorReporter, requireId = true): Declaration {
  const parser = new CapnpParser(reporter);
  const file = newDecl({ kind: 'file' });
  const decls: Declaration[] = [];
  const annotations: AnnotationApplication[] = [];
  for (const statement of statements) {
    const decl = parser.parseStatement(statement, parser.fileLevelDecl);
    if (decl === null) continue;
    switch (decl.body.kind) {
      case 'nakedId':
        if (file.id.kind === 'uid') {
          reporter.addError(decl.startByte, decl.endByte, 'File can only have one ID.');
        } else {
          file.id = { kind: 'uid', value: decl.body.id };
          if (decl.docComment !== null) file.docComment = decl.docComment;
        }
        break;
      case 'nakedAnnotation':
        annotations.push(decl.body.annotation);
        break;
      default:
        decls.push(decl);
    }
  }
  if (file.id.kind !== 'uid') {
    const id = randomId();
    file.id = { kind: 'uid', value: { value: id, startByte: 0, endByte: 0 } };
    if (requireId && !reporter.hadErrors()) {
      reporter.addError(0, 0, `File does not declare an ID.  I've generated one for you.  Add this line to your file: ${formatId(id)};`);
    }
  }
  file.nestedDecls = decls;
  file.annotations = annotations;
  return file;
}
