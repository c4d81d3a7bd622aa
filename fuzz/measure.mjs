// Time per input byte of a fuzz target's inputs, without instrumentation: the fastest of five
// runs of each input (after one warm-up; other work on the machine only ever adds time, so the
// fastest run is the one closest to the input's own cost), at least 64 bytes charged so tiny
// inputs do not dominate. Shared by fuzz/amplification.mjs and the amplification budget test.
import { isCapnpError } from '../dist/index.js';

const MIN_BYTES = 64;

function once(target, data) {
  const started = performance.now();
  try {
    target.fuzz(data);
  } catch (e) {
    if (!isCapnpError(e)) throw e;
  }
  return (performance.now() - started) * 1000;
}

/** `{ median, worst }`: the median µs per byte over the inputs, and the worst input. */
export function measure(target, inputs, runs = 5) {
  const results = [];
  for (const { name, data } of inputs) {
    once(target, data);
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(once(target, data));
    const micros = Math.min(...samples);
    results.push({ name, bytes: data.length, micros, microsPerByte: micros / Math.max(MIN_BYTES, data.length) });
  }
  const ratios = results.map((r) => r.microsPerByte).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)] ?? 0;
  const worst = results.reduce((a, b) => (b.microsPerByte > a.microsPerByte ? b : a), results[0]);
  return { median, worst, results };
}
