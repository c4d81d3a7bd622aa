// Bytes allocated per operation, for the rule of docs/architecture.md: a field read allocates
// nothing but its result. Not a timing: the process runs with a young generation large enough
// (--min-semi-space-size, set by run.mjs) that a batch of operations fits between collections,
// and the heap's used size is compared before and after the batch. A collection inside a batch
// lowers one trial's figure and stray allocations by the runtime (compilation) raise one, so
// the median of several batches is reported.
import { join } from 'node:path';
import { median } from '../lib/harness.mjs';
import { newsDocument } from '../lib/news.mjs';

const BATCH = 20_000;
const TRIALS = 7;

/** Heap bytes per call of `fn` (the median of TRIALS batches; needs --expose-gc). */
export function bytesPerOp(fn) {
  for (let i = 0; i < BATCH; i++) fn(); // optimize first: escape analysis changes the answer
  const trials = [];
  for (let trial = 0; trial < TRIALS; trial++) {
    globalThis.gc();
    const before = process.memoryUsage().heapUsed;
    let sink = 0;
    for (let i = 0; i < BATCH; i++) sink += fn();
    const after = process.memoryUsage().heapUsed;
    if (Number.isNaN(sink)) throw new Error('unreachable: keeps the results alive');
    trials.push((after - before) / BATCH);
  }
  return Math.max(0, median(trials));
}

export async function allocation(suite, env) {
  if (typeof globalThis.gc !== 'function') throw new Error('the allocation workload needs --expose-gc (run it through run.mjs)');
  const { MessageBuilder } = await import('capstan');
  const micro = await import(join(env.capstanDir, 'micro.capnp.js'));
  const { News } = await import(join(env.capstanDir, 'news.capnp.js'));

  const message = new MessageBuilder();
  const two = micro.TwoInt32.initRoot(message);
  two.a = 1;
  two.b = 2;
  const twoBytes = message.toBytes();
  // The open readers are read far more than once: lift the traversal limit that guards against
  // amplification, which would (rightly) stop them.
  const unlimited = { traversalLimitInWords: Infinity };
  const twoReader = micro.TwoInt32.read(twoBytes, unlimited);
  const newsBytes = News.encode(newsDocument());
  const news = News.read(newsBytes, unlimited);
  const stories = news.stories;
  const listBytes = micro.Int32List.encode({ values: Array.from({ length: 100 }, (_, i) => i) });
  const list = micro.Int32List.read(listBytes, unlimited);

  const cases = {
    // Expected 0: a scalar getter computes an offset and reads the DataView.
    'int32 field of an open reader': () => twoReader.a + twoReader.b,
    // Expected: one reader object for the root, plus the message's own objects.
    'open a two-int32 message and read both fields': () => {
      const root = micro.TwoInt32.read(twoBytes);
      return root.a + root.b;
    },
    // Expected: one small string (a slice of the segment decoded once, or a fresh decode).
    'text field (story title)': () => stories.get(7).title.length,
    // Expected: one cursor reader for all 100 elements, plus the list object.
    'struct list forEach over 100 stories (read comment count)': () => {
      let n = 0;
      stories.forEach((s) => {
        n += s.comments.length;
      });
      return n;
    },
    // Expected: one reader per element (for..of hands out readers that may be kept).
    'struct list for..of over 100 stories (read comment count)': () => {
      let n = 0;
      for (const s of stories) n += s.comments.length;
      return n;
    },
    // Expected: one Int32Array view, no copy of the elements.
    'List(Int32) of 100 as a typed-array view': () => list.values.length,
  };
  for (const [name, fn] of Object.entries(cases)) {
    const bytes = bytesPerOp(fn);
    suite.addRow({ workload: 'allocation', case: name, impl: 'capstan', bytes_per_op: Math.round(bytes) });
    suite.log(`  allocation ${name}: ${Math.round(bytes)} bytes per operation`);
  }
}
