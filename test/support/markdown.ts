/** The ```ts code blocks of a Markdown page, for the tests that run docs' examples as written. */
export interface CodeExample {
  /** The 1-based line of the block's first line of code. */
  readonly line: number;
  /** The heading the block is under ('' before the first). */
  readonly heading: string;
  readonly code: string;
}

export function tsExamples(markdown: string): CodeExample[] {
  const out: CodeExample[] = [];
  const lines = markdown.split('\n');
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#')) heading = line.replace(/^#+\s*/, '');
    if (line.trim() !== '```ts') continue;
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== '```') end++;
    out.push({ line: i + 2, heading, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return out;
}
