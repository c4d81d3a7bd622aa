// The example's Fastify app (see README.md): the page and its Send button, POST /basic, and the
// news endpoints.
//
//   npm run build && node examples/fastify/server.mjs      (PORT=3000 by default)
//
// createApp() runs prepare.mjs (capstan infer, capstan compile, esbuild) first, then imports the
// generated modules, which import `capstan` (resolved through the package's "exports").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import capnp from 'capstan/fastify';
import { GEN, HERE, prepare } from './prepare.mjs';

export async function createApp({ logger = false } = {}) {
  await prepare();
  const { Basic } = await import(pathToFileURL(join(GEN, 'basic.capnp.js')).href);
  const { News } = await import(pathToFileURL(join(GEN, 'news.capnp.js')).href);
  const news = JSON.parse(readFileSync(join(GEN, 'news.json'), 'utf8'));

  const app = Fastify({ logger });
  await app.register(capnp, { bodyLimit: 1024 * 1024 });

  // The page.
  const files = {
    '/': ['index.html', 'text/html; charset=utf-8', HERE],
    '/page.js': ['page.js', 'text/javascript; charset=utf-8', GEN],
    '/basic.json': ['basic.json', 'application/json; charset=utf-8', HERE],
  };
  for (const [path, [file, type, dir]] of Object.entries(files)) {
    const body = readFileSync(join(dir, file));
    app.get(path, async (request, reply) => reply.type(type).send(body));
  }

  // The page's Send button: the body arrives as a BasicReader, already checked whole by the
  // plugin (a malformed body is a 400 with the CapnpError's code; never reaches this handler).
  app.post('/basic', { config: { capnp: Basic } }, async (request) => {
    const basic = request.body;
    let tags = 0;
    for (const project of basic.projects) tags += project.tags.length;
    return {
      greeting: `Hello, ${basic.name} from ${basic.address.city}`,
      bytes: Number(request.headers['content-length']),
      projects: basic.projects.length,
      tags,
      languages: basic.languages.toArray(),
    };
  });

  // The news document, encoded for each request: JSON.stringify against News.encode.
  app.get('/news.json', async (request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(news)));
  app.get('/news.capnp', async (request, reply) => reply.capnp(News, news));

  // Sparse: the client posts the document, the server reads one field (the first story's
  // title). JSON must parse all of it first; Cap'n Proto checks the framing and reads the field.
  app.post('/news/sparse.json', async (request) => ({ title: request.body.stories[0].title }));
  app.post('/news/sparse.capnp', async (request) => {
    const doc = News.read(request.body); // a route without config.capnp: request.body is the bytes
    return { title: doc.stories.get(0).title };
  });

  // Read-all: the client posts the document, the server reads every field (a character count
  // over all of its text). The Cap'n Proto route checks the whole message first (config.capnp).
  app.post('/news/read-all.json', async (request) => ({ chars: countChars(request.body) }));
  app.post('/news/read-all.capnp', { config: { capnp: News } }, async (request) => ({ chars: countChars(request.body) }));

  return app;
}

/** Characters in every text of a news document: works on the JSON object and on the reader alike. */
export function countChars(doc) {
  let chars = doc.date.length;
  for (const h of doc.highlights) chars += h.title.length + h.link.length;
  for (const s of doc.stories) {
    chars += s.title.length + s.link.length;
    for (const c of s.comments) chars += c.id.length + c.text.length + c.link.length;
  }
  return chars;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const app = await createApp({ logger: true });
  await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
}
