// The news document (≈46 KB as JSON): read one field (sparse), read every field (read-all),
// and build bytes from the plain object (build). JSON.parse/JSON.stringify is the baseline.
import { join } from 'node:path';
import { newsDocument } from '../lib/news.mjs';
import { sameResults } from '../lib/harness.mjs';

/** Sums the lengths of every string, so each implementation must touch every field. */
export function walkJson(doc) {
  let n = doc.date.length;
  for (const h of doc.highlights) n += h.title.length + h.link.length;
  for (const s of doc.stories) {
    n += s.title.length + s.link.length;
    for (const c of s.comments) n += c.id.length + c.text.length + c.link.length;
  }
  return n;
}

export function walkCapstan(news) {
  let n = news.date.length;
  for (const h of news.highlights) n += h.title.length + h.link.length;
  for (const s of news.stories) {
    n += s.title.length + s.link.length;
    for (const c of s.comments) n += c.id.length + c.text.length + c.link.length;
  }
  return n;
}

export function walkCapnpEs(news) {
  let n = news.date.length;
  const highlights = news.highlights;
  for (let i = 0; i < highlights.length; i++) {
    const h = highlights.get(i);
    n += h.title.length + h.link.length;
  }
  const stories = news.stories;
  for (let i = 0; i < stories.length; i++) {
    const s = stories.get(i);
    n += s.title.length + s.link.length;
    const comments = s.comments;
    for (let j = 0; j < comments.length; j++) {
      const c = comments.get(j);
      n += c.id.length + c.text.length + c.link.length;
    }
  }
  return n;
}

/** What capnp-es users write to turn an object into a message: a copying loop. */
export function buildCapnpEs(es, capnp, doc) {
  const message = new capnp.Message();
  const news = message.initRoot(es.News);
  news.date = doc.date;
  const highlights = news._initHighlights(doc.highlights.length);
  doc.highlights.forEach((h, i) => {
    const out = highlights.get(i);
    out.title = h.title;
    out.link = h.link;
  });
  const stories = news._initStories(doc.stories.length);
  doc.stories.forEach((s, i) => {
    const out = stories.get(i);
    out.title = s.title;
    out.link = s.link;
    const comments = out._initComments(s.comments.length);
    s.comments.forEach((c, j) => {
      const o = comments.get(j);
      o.id = c.id;
      o.text = c.text;
      o.link = c.link;
    });
  });
  return new Uint8Array(message.toArrayBuffer());
}

export async function news(suite, env) {
  const { News } = await import(join(env.capstanDir, 'news.capnp.js'));
  const es = await import(join(env.capnpEsDir, 'news.js'));
  const capnp = await import('capnp-es');
  const doc = newsDocument();
  const json = JSON.stringify(doc);
  const bytes = News.encode(doc);
  const packed = News.encode(doc, { format: 'packed' });
  const esBytes = buildCapnpEs(es, capnp, doc);
  suite.log(`news: ${json.length} bytes as JSON, ${bytes.length} as Cap'n Proto, ${packed.length} packed`);

  const readAll = {
    json: () => walkJson(JSON.parse(json)),
    capstan: () => walkCapstan(News.read(bytes)),
    'capstan-packed': () => walkCapstan(News.read(packed, { format: 'packed' })),
    'capnp-es': () => walkCapnpEs(new capnp.Message(esBytes, false).getRoot(es.News)),
  };
  sameResults('news read-all', Object.fromEntries(Object.entries(readAll).map(([k, f]) => [k, f()])));
  sameResults('news build', { capstan: walkJson(News.decode(News.encode(doc))), es: walkCapnpEs(new capnp.Message(buildCapnpEs(es, capnp, doc), false).getRoot(es.News)), json: walkJson(doc) });

  await suite.compare('news', 'sparse', {
    json: () => JSON.parse(json).date.length,
    capstan: () => News.read(bytes).date.length,
    'capstan-packed': () => News.read(packed, { format: 'packed' }).date.length,
    'capnp-es': () => new capnp.Message(esBytes, false).getRoot(es.News).date.length,
  });
  await suite.compare('news', 'read-all', readAll);
  // Build through the APIs a server would use to skip the last copy (issue 14): one builder
  // reused for every response, and the framed result handed over as a view of its memory
  // (`copy: false`, MessageBuilder#frame()). And the wire-level comparison: JSON's bytes are
  // the string encoded to UTF-8, which JSON.stringify alone does not produce.
  const { MessageBuilder } = await import('capstan');
  const builder = new MessageBuilder();
  const utf8 = new TextEncoder();
  sameResults('news build in place', { copy: News.encode(doc).join(), inPlace: News.encode(doc, { builder, copy: false }).join() });
  await suite.compare('news', 'build', {
    json: () => JSON.stringify(doc).length,
    'json+utf8': () => utf8.encode(JSON.stringify(doc)).length,
    capstan: () => News.encode(doc).length,
    'capstan-in-place': () => News.encode(doc, { builder, copy: false }).length,
    'capstan-packed': () => News.encode(doc, { format: 'packed' }).length,
    'capnp-es': () => buildCapnpEs(es, capnp, doc).length,
  });
  return { bytes };
}
