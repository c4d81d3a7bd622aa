import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * The tests run Node's build of the sources: a module's `.node.ts` twin where it has one, as
 * scripts/bundle.mjs takes for dist/bundle/ (src/wire/core/native-ascii.node.ts).
 */
const nodeTwins: Plugin = {
  name: 'node-twins',
  enforce: 'pre',
  resolveId(source, importer) {
    if (importer === undefined || !/^\.\.?\/.*\.js$/.test(source) || !importer.includes('/src/')) return null;
    const twin = join(dirname(importer), source.replace(/\.js$/, '.node.ts'));
    return existsSync(twin) ? twin : null;
  },
};

export default defineConfig({
  plugins: [nodeTwins],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
