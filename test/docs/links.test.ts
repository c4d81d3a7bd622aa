/**
 * Every reference to a file of the repository resolves: relative links in the tracked Markdown
 * files (anchors included: `docs/rpc.md#transports` needs that heading), and the repository
 * paths cited in the docs and in the comments of source files (`src/wire/core/limits.ts`,
 * `test/schema/std-current.test.ts`, `std/capnp/**\/*.capnp`, `runtime/access.ts` from inside
 * src/). A file moved or renamed without its citations fails here.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/generate.js';

/** Folders at the top of the repository: a path starting with one of them is a repository path. */
const TOP = ['src', 'test', 'docs', 'scripts', 'bench', 'fuzz', 'std', 'examples', 'interop', '.ci'];
/** Folders of src/, which source comments cite relative to src/ (`runtime/access.ts`). */
const SRC_FOLDERS = ['wire', 'runtime', 'generated', 'rpc', 'schema', 'fetch', 'compiler', 'codegen', 'dynamic', 'text', 'compat', 'json', 'infer', 'openapi', 'fastify', 'vite', 'cli'];

interface Source {
  /** Path in the repository. */
  readonly path: string;
  readonly text: string;
}

/** What the checker looks things up in: the repository's files, and the headings of its Markdown. */
interface Tree {
  exists(path: string): boolean;
  files(): readonly string[];
  read(path: string): string;
}

/** A heading's anchor as GitHub makes it. */
export function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/<[^>]*>/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

/** The text of a source file's comments (line comments, and lines of block comments). */
export function commentText(code: string): string {
  const out: string[] = [];
  let inBlock = false;
  for (const line of code.split('\n')) {
    const trimmed = line.trim();
    if (inBlock || trimmed.startsWith('/*') || trimmed.startsWith('//')) {
      out.push(line);
      if (trimmed.startsWith('/*')) inBlock = true;
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    // A comment after code: only where the code before it has no open string.
    const at = line.indexOf(' // ');
    if (at >= 0 && [...line.slice(0, at)].filter((c) => c === "'" || c === '"' || c === '`').length % 2 === 0) out.push(line.slice(at));
  }
  return out.join('\n');
}

function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      pattern += '.*';
      i++;
      if (glob[i + 1] === '/') i++;
    } else if (c === '*') {
      pattern += '[^/]*';
    } else {
      pattern += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${pattern}$`);
}

/** Whether a cited path (a file, a folder, or a glob) names something in the tree. */
function resolves(tree: Tree, path: string): boolean {
  if (path.includes('*')) {
    const pattern = globToRegExp(path.replace(/\/$/, ''));
    return tree.files().some((file) => pattern.test(file));
  }
  if (tree.exists(path)) return true;
  // A module cited by its output name (`src/wire/index.js`) is its TypeScript source.
  return /\.js$/.test(path) && tree.exists(path.replace(/\.js$/, '.ts'));
}

const PATH_CHARS = String.raw`[\w.*+-]`;
const REPO_PATH = new RegExp(String.raw`(?<![\w./@:-])((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/(?:${PATH_CHARS}+/?)*)(#[\w-]+)?`, 'g');
const SRC_PATH = new RegExp(String.raw`(?<![\w./@:-])((?:${SRC_FOLDERS.join('|')})/(?:${PATH_CHARS}+/)*${PATH_CHARS}+\.(?:ts|js))(?![\w/])`, 'g');
const MARKDOWN_LINK = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** Whether git ignores `path`: output made by running something (`test/.generated/`), never tracked. */
function isIgnoredOutput(path: string): boolean {
  try {
    // As a file, and as a folder (a pattern such as `fuzz/.work/` matches only folders).
    const bare = path.replace(/\/$/, '');
    execFileSync('git', ['check-ignore', '--no-index', bare, `${bare}/`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Markdown without its fenced code blocks: example code names the reader's files, not ours. */
function prose(markdown: string): string {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  }).join('\n');
}

/** Trailing punctuation that ends a sentence rather than a path. */
function trimPath(path: string): string {
  return path.replace(/[.,:;]+$/, '');
}

/**
 * Every reference in `sources` that does not resolve in `tree`, as `file: what`. Markdown files
 * are checked for links and cited paths, other files for paths cited in their comments.
 */
export function brokenReferences(sources: readonly Source[], tree: Tree): string[] {
  const broken: string[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const given = new Map(sources.map((source) => [source.path, source.text]));
  const anchors = (path: string) => {
    let found = anchorCache.get(path);
    if (found === undefined) anchorCache.set(path, (found = anchorsOf(given.get(path) ?? tree.read(path))));
    return found;
  };
  const checkAnchor = (from: string, file: string, anchor: string) => {
    if (file.endsWith('.md') && !anchors(file).has(anchor)) broken.push(`${from}: ${file}#${anchor} (no such heading)`);
  };
  for (const { path, text } of sources) {
    const isMarkdown = path.endsWith('.md');
    if (isMarkdown) {
      for (const match of text.matchAll(MARKDOWN_LINK)) {
        const target = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
        const [file, anchor] = target.split('#', 2) as [string, string | undefined];
        const resolved = file === '' ? path : posix.normalize(posix.join(posix.dirname(path), decodeURIComponent(file)));
        if (file !== '' && !resolves(tree, resolved.replace(/\/$/, ''))) {
          broken.push(`${path}: link ${target}`);
          continue;
        }
        if (anchor !== undefined && anchor !== '') checkAnchor(path, resolved, anchor);
      }
    }
    const cited = isMarkdown ? prose(text) : commentText(text);
    for (const match of cited.matchAll(REPO_PATH)) {
      const next = cited[match.index! + match[0].length];
      if (next === '<' || next === '$' || next === '{') continue; // a placeholder: `test/<dir>`
      const file = trimPath(match[1]!);
      // A Markdown file may cite paths from its own folder (a crate's `src/`).
      const local = isMarkdown ? posix.join(posix.dirname(path), file) : null;
      if (!resolves(tree, file.replace(/\/$/, '')) && !(local !== null && resolves(tree, local.replace(/\/$/, ''))) && !isIgnoredOutput(file)) {
        broken.push(`${path}: ${file}`);
      } else if (match[2] !== undefined) {
        checkAnchor(path, file, match[2].slice(1));
      }
    }
    if (!isMarkdown && path.startsWith('src/')) {
      for (const match of cited.matchAll(SRC_PATH)) {
        const file = `src/${match[1]!}`;
        if (!resolves(tree, file)) broken.push(`${path}: ${match[1]} (in src/)`);
      }
    }
  }
  return broken;
}

function repositoryTree(): Tree {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n').filter((file) => file !== '' && existsSync(join(ROOT, file)));
  const set = new Set(files);
  const folders = new Set<string>();
  for (const file of files) for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) folders.add(file.slice(0, at));
  return {
    exists: (path) => set.has(path) || folders.has(path),
    files: () => files,
    read: (path) => readFileSync(join(ROOT, path), 'utf8'),
  };
}

describe('references to files of the repository', () => {
  const tree = repositoryTree();

  it('catches a broken link, anchor or cited path', () => {
    const fixture: Source[] = [
      {
        path: 'docs/example.md',
        text: [
          '# Example',
          'See [the RPC guide](rpc.md#transports), [the top](#example), [the README](../README.md).',
          'A [missing page](missing.md), a [missing heading](rpc.md#no-such-heading), [a bad anchor](#nowhere).',
          'The limits are in `src/wire/core/limits.ts`, the old place was `src/wire/limits.ts`.',
          'Bindings: `src/generated/std/*.capnp.ts`; not `src/std/*.capnp.ts`. Placeholders pass: `test/<dir>`.',
          '[The web](https://example.com/src/nothing.ts) is not checked.',
        ].join('\n'),
      },
      {
        path: 'src/runtime/example.ts',
        text: [
          '/**',
          ' * Reads as codegen/struct-gen.ts writes (see runtime/access.ts, and runtime/gone.ts).',
          ' * Tested in test/schema/std-current.test.ts and test/schema/gone.test.ts.',
          ' */',
          "const path = 'src/not/a/comment.ts'; // but docs/nowhere.md is",
        ].join('\n'),
      },
    ];
    expect(brokenReferences(fixture, tree)).toEqual([
      'docs/example.md: link missing.md',
      'docs/example.md: docs/rpc.md#no-such-heading (no such heading)',
      'docs/example.md: docs/example.md#nowhere (no such heading)',
      'docs/example.md: src/wire/limits.ts',
      'docs/example.md: src/std/*.capnp.ts',
      'src/runtime/example.ts: test/schema/gone.test.ts',
      'src/runtime/example.ts: docs/nowhere.md',
      'src/runtime/example.ts: runtime/gone.ts (in src/)',
    ]);
  });

  it('finds headings as GitHub anchors them', () => {
    expect(slug('The calculator example')).toBe('the-calculator-example');
    expect(slug('`capstan/rpc`: calls, pipelining')).toBe('capstanrpc-calls-pipelining');
    expect(anchorsOf('# A\n## A\n```\n# not a heading\n```\n')).toEqual(new Set(['a', 'a-1']));
  });

  it('all resolve in the tracked docs and source comments', () => {
    const files = tree.files().filter((file) =>
      !file.includes('node_modules/') &&
      (/\.md$/.test(file) || /\.(ts|mts|mjs|js|cjs)$/.test(file)));
    expect(files.filter((file) => file.endsWith('.md')).length).toBeGreaterThan(15);
    const sources = files.map((path) => ({ path, text: tree.read(path) }));
    expect(brokenReferences(sources, tree)).toEqual([]);
  });
});
