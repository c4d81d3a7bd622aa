// The in-process transport pair: delivery order, timing, close and error reporting.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transportPair } from '../../src/rpc/index.js';
import { ROOT } from '../support/generate.js';

const bytes = (n: number): Uint8Array => new Uint8Array([n]);

describe('transportPair', () => {
  it('delivers in order, on a later microtask, never inside send', async () => {
    const [a, b] = transportPair();
    const received: number[] = [];
    b.start((m) => received.push(m[0]!), () => {});
    a.send(bytes(1));
    a.send(bytes(2));
    a.send(bytes(3));
    expect(received).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(received).toEqual([1, 2, 3]);
  });

  it('delivers what is sent during a delivery after it, in order, many times over', async () => {
    const [a, b] = transportPair();
    const received: [number, number][] = [];
    let echoes = 0;
    // Two chains ([chain, step]): b sends each message back one step further from inside its
    // delivery, and a returns it from inside its own.
    b.start((m) => {
      received.push([m[0]!, m[1]!]);
      if (echoes < 200) {
        echoes++;
        b.send(new Uint8Array([m[0]!, m[1]! + 1]));
      }
    }, () => {});
    a.start((m) => a.send(m), () => {});
    a.send(new Uint8Array([0, 0]));
    a.send(new Uint8Array([1, 0]));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received.length).toBe(202);
    for (const chain of [0, 1]) {
      const steps = received.filter(([c]) => c === chain).map(([, step]) => step);
      expect(steps).toEqual(Array.from({ length: steps.length }, (_, i) => i));
    }
  });

  it('delivers what was sent before a close, then the close; later sends are dropped', async () => {
    const [a, b] = transportPair();
    const events: string[] = [];
    b.start((m) => events.push(`message ${m[0]}`), () => events.push('closed'));
    a.send(bytes(1));
    a.send(bytes(2));
    a.close();
    a.send(bytes(3));
    b.send(bytes(4));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toEqual(['message 1', 'message 2', 'closed']);
  });

  it('reports an error thrown by a delivery as an uncaught exception, as queueMicrotask does', () => {
    // In a process of its own: the test runner would report the exception as its own failure.
    const script = [
      `import { transportPair } from ${JSON.stringify(join(ROOT, 'dist/rpc/index.js'))};`,
      "process.on('uncaughtException', (error) => { console.log('uncaught: ' + error.message); });",
      "process.on('unhandledRejection', (error) => { console.log('unhandled rejection: ' + error.message); });",
      'const [a, b] = transportPair();',
      "b.start(() => { throw new Error('delivery failed'); }, () => {});",
      'a.send(new Uint8Array(1));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(out.trim()).toBe('uncaught: delivery failed');
  });
});
