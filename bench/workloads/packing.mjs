// Packing throughput: pack and unpack a message (the news document and a car-sales request),
// Capstan against the C++ library on the same bytes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pack, unpack, MessageBuilder } from 'capstan';
import { carsalesLotBytes } from '../lib/carsales-lot.mjs';
import { OUT } from '../lib/setup.mjs';

export async function packing(suite, env, inputs) {
  const carsales = await import(join(env.capstanDir, 'carsales.capnp.js'));
  const messages = { news: inputs.newsBytes, carsales: carsalesLotBytes(carsales, new MessageBuilder()) };
  mkdirSync(join(OUT, 'packing'), { recursive: true });
  for (const [name, bytes] of Object.entries(messages)) {
    const packed = pack(bytes);
    const unpackedFile = join(OUT, 'packing', `${name}.bin`);
    const packedFile = join(OUT, 'packing', `${name}.packed`);
    writeFileSync(unpackedFile, bytes);
    writeFileSync(packedFile, packed);
    if (unpack(packed).length !== bytes.length) throw new Error('unpack does not invert pack');
    suite.log(`packing ${name}: ${bytes.length} bytes, ${packed.length} packed`);
    const packTimes = await suite.compare('packing', `pack/${name}`, { capstan: () => pack(bytes).length }, [env.cpp, [unpackedFile]]);
    const unpackTimes = await suite.compare('packing', `unpack/${name}`, { capstan: () => unpack(packed).length }, [env.cpp, [packedFile, String(bytes.length)]]);
    for (const [which, times] of [['pack', packTimes], ['unpack', unpackTimes]]) {
      for (const [impl, ns] of Object.entries(times)) suite.log(`    ${which} ${name} ${impl}: ${((bytes.length / ns) * 1e3).toFixed(0)} MB/s`);
    }
  }
}
