/**
 * JSON-shaped data as YAML, for `capstan openapi export -o spec.yaml`: block mappings and
 * sequences, every string written as a JSON string (a valid YAML double-quoted scalar, so no
 * value is ever misread as a number, a boolean or a date). Nothing to parse YAML: reading
 * specs goes through the parser package.
 */
const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$.\-/]*$/;
const YAML_WORDS = /^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL)$/;

function key(name: string): string {
  return PLAIN_KEY.test(name) && !YAML_WORDS.test(name) ? name : JSON.stringify(name);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
  if (typeof value === 'bigint') return String(value);
  return String(value);
}

function isEmptyCollection(value: unknown): string | null {
  if (Array.isArray(value) && value.length === 0) return '[]';
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return '{}';
  return null;
}

function write(value: unknown, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      const empty = isEmptyCollection(item);
      if (empty === null && item !== null && typeof item === 'object') {
        const lines: string[] = [];
        write(item, `${indent}  `, lines);
        out.push(`${indent}- ${lines[0]!.slice(indent.length + 2)}`, ...lines.slice(1));
      } else {
        out.push(`${indent}- ${empty ?? scalar(item)}`);
      }
    }
    return;
  }
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === undefined) continue;
    const empty = isEmptyCollection(item);
    if (empty === null && item !== null && typeof item === 'object') {
      out.push(`${indent}${key(name)}:`);
      write(item, Array.isArray(item) ? indent : `${indent}  `, out);
    } else {
      out.push(`${indent}${key(name)}: ${empty ?? scalar(item)}`);
    }
  }
}

/** YAML text for a JSON-shaped object. */
export function toYaml(value: Record<string, unknown>): string {
  const out: string[] = [];
  write(value, '', out);
  return `${out.join('\n')}\n`;
}
