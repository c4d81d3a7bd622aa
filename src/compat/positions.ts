/**
 * Source positions of declarations and members. Compiled nodes carry those of declarations
 * only, as the 1.x releases write them (members, groups and params have none; the reference
 * 0.9.2 wrote none at all), so the file is parsed again (parsing only, no compiling) and each
 * declaration is keyed by its path of names, the same path the compared nodes are named by:
 *
 * - a type, constant or annotation: `Outer.Inner`
 * - a struct member: `Outer.Inner/group.field` (groups and named unions are path components;
 *   an unnamed union is not)
 * - an enumerant `Enum=name`, a method `Iface#name`, a parameter `Iface#name(param` and a
 *   named result `Iface#name)result`.
 */
import { parseSchema, type Declaration, type ParamList } from '../compiler/index.js';

export interface Position {
  readonly line: number;
  readonly col: number;
}

export const memberKey = (scope: string, memberPath: readonly string[]): string => `${scope}/${memberPath.join('.')}`;
export const enumerantKey = (scope: string, name: string): string => `${scope}=${name}`;
export const methodKey = (scope: string, name: string): string => `${scope}#${name}`;
export const paramKey = (scope: string, method: string, isResult: boolean, name: string): string =>
  `${scope}#${method}${isResult ? ')' : '('}${name}`;

/** Positions in one file, by key (the first declaration of a name wins, as the compiler's does). */
export function indexPositions(source: Uint8Array | string): ReadonlyMap<string, Position> {
  const parsed = parseSchema(source);
  const out = new Map<string, Position>();
  const put = (key: string, byte: number): void => {
    if (out.has(key)) return;
    const at = parsed.position(byte);
    out.set(key, { line: at.line, col: at.column });
  };
  const nameStart = (decl: Declaration): number => (decl.name.value !== '' ? decl.name.startByte : decl.startByte);

  const params = (scope: string, method: string, isResult: boolean, list: ParamList | null): void => {
    if (list === null || list.kind !== 'namedList') return;
    for (const param of list.params) put(paramKey(scope, method, isResult, param.name.value), param.name.startByte);
  };
  const members = (scope: string, prefix: readonly string[], decls: readonly Declaration[]): void => {
    for (const decl of decls) {
      switch (decl.body.kind) {
        case 'field':
          put(memberKey(scope, [...prefix, decl.name.value]), nameStart(decl));
          break;
        case 'group':
        case 'union': {
          const path = decl.name.value === '' ? prefix : [...prefix, decl.name.value];
          if (decl.name.value !== '') put(memberKey(scope, path), nameStart(decl));
          members(scope, path, decl.nestedDecls);
          break;
        }
        case 'enumerant':
          put(enumerantKey(scope, decl.name.value), nameStart(decl));
          break;
        case 'method':
          put(methodKey(scope, decl.name.value), nameStart(decl));
          params(scope, decl.name.value, false, decl.body.params);
          params(scope, decl.name.value, true, decl.body.results);
          break;
        default:
          break;
      }
    }
  };
  const declarations = (scope: string, decls: readonly Declaration[]): void => {
    for (const decl of decls) {
      switch (decl.body.kind) {
        case 'struct':
        case 'enum':
        case 'interface':
        case 'const':
        case 'annotation': {
          const path = scope === '' ? decl.name.value : `${scope}.${decl.name.value}`;
          put(path, nameStart(decl));
          members(path, [], decl.nestedDecls);
          declarations(path, decl.nestedDecls);
          break;
        }
        default:
          break;
      }
    }
  };
  declarations('', parsed.file.nestedDecls);
  return out;
}
