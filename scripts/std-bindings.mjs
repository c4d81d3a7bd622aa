// The generated bindings of the standard schemas (src/generated/std/*.capnp.ts), made by Capstan itself:
// its compiler compiles std/capnp/*.capnp (our own copies of the standard schemas) and its code
// generator writes the modules. Shared by scripts/generate-std.mjs (writes them) and the test
// that checks the committed files are current. Takes the compiler and generator as arguments,
// so the test can pass the sources and the script the build.

/** Standard schemas, as imported (`/capnp/...`), relative to std/. */
export const STANDARD_SCHEMAS = ['capnp/c++.capnp', 'capnp/schema.capnp', 'capnp/rpc.capnp', 'capnp/rpc-twoparty.capnp', 'capnp/persistent.capnp', 'capnp/stream.capnp', 'capnp/compat/json.capnp'];

/**
 * The bindings as { path under src/generated/std/: content }. Each module imports the runtime relative to
 * itself (they live inside the package) and the other standard modules beside it.
 */
export function stdBindings({ compile, createNodeLoader, generateTypeScript, stdDirectory }) {
  const { request, diagnostics } = compile({
    files: STANDARD_SCHEMAS,
    cwd: stdDirectory,
    loader: createNodeLoader(),
    importPaths: [stdDirectory],
    standardImports: false,
  });
  if (request === null) throw new Error(`the standard schemas do not compile:\n${diagnostics.map((d) => d.message).join('\n')}`);
  const out = {};
  for (const file of generateTypeScript(request, { runtimeImport: 'RUNTIME', rpcImport: 'RPC', stdImportPrefix: 'STD/' })) {
    const path = file.filename.replace(/^capnp\//, '');
    const depth = path.split('/').length - 1;
    const up = depth === 0 ? './' : '../'.repeat(depth);
    out[path] = file.content
      .replace("from 'RUNTIME'", `from '${up === './' ? '../../' : `${up}../../`}runtime/private.js'`)
      .replace("from 'RPC'", `from '${up === './' ? '../../' : `${up}../../`}rpc/index.js'`)
      .replace(/from 'STD\/([^']+)'/g, (_, rest) => `from '${up}${rest}'`);
  }
  return out;
}
