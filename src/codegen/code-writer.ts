/** Builds source text line by line with indentation, so generators read like the code they emit. */
export class CodeWriter {
  private readonly lines: string[] = [];
  private depth = 0;

  line(text = ''): this {
    this.lines.push(text === '' ? '' : '  '.repeat(this.depth) + text);
    return this;
  }

  /** Writes `open`, the body one level deeper, then `close`. */
  block(open: string, body: () => void, close = '}'): this {
    this.line(open);
    this.depth++;
    body();
    this.depth--;
    return this.line(close);
  }

  /** A JSDoc comment from a schema doc comment (nothing when there is none). */
  doc(text: string | null | undefined): this {
    if (text == null || text.trim() === '') return this;
    const body = text.replace(/\*\//g, '*\\/').replace(/\s+$/, '').split('\n');
    if (body.length === 1) return this.line(`/** ${body[0]!.trim()} */`);
    this.line('/**');
    for (const l of body) this.line(l.trim() === '' ? ' *' : ` * ${l.replace(/^ /, '')}`);
    return this.line(' */');
  }

  toString(): string {
    return this.lines.join('\n') + '\n';
  }
}
