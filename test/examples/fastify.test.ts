/**
 * examples/fastify/: the server (after prepare.mjs runs capstan infer, capstan compile and
 * esbuild) serves a page whose Send button encodes basic.json with the generated code and POSTs
 * it; Debian's Chromium (/usr/bin/chromium, driven by playwright-core) clicks it. Without
 * Chromium the browser test is skipped with a notice, except under CAPSTAN_REQUIRE_REFERENCE=1
 * (CI), where it fails. The HTTP checks (news endpoints, a malformed body) need no browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capnpBody, fromResponse } from 'capstan/fetch';

/* eslint-disable @typescript-eslint/no-explicit-any */
const EXAMPLE = resolve(import.meta.dirname, '../../examples/fastify');
const CHROMIUM = process.env.CAPSTAN_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const REQUIRE = process.env.CAPSTAN_REQUIRE_REFERENCE === '1';

const load = (file: string): Promise<any> => import(pathToFileURL(join(EXAMPLE, file)).href);

let app: any;
let base = '';
let Basic: any;
let News: any;

beforeAll(async () => {
  const { createApp } = await load('server.mjs');
  app = await createApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  ({ Basic } = await load('gen/basic.capnp.js'));
  ({ News } = await load('gen/news.capnp.js'));
});

afterAll(async () => {
  await app?.close();
});

describe('examples/fastify: generated from basic.json', () => {
  it('capstan infer wrote the Basic schema the example documents', () => {
    const schema = readFileSync(join(EXAMPLE, 'gen/basic.capnp'), 'utf8');
    expect(schema).toContain('@0xd3a1f6c2b9e4a701;');
    expect(schema).toContain('struct Basic {');
    expect(schema).toContain('projects @7 :List(Project);');
    expect(existsSync(join(EXAMPLE, 'gen/basic.capnp.js'))).toBe(true);
    expect(existsSync(join(EXAMPLE, 'gen/basic.capnp.d.ts'))).toBe(true);
  });

  it('POST /basic decodes the message and answers', async () => {
    const doc = JSON.parse(readFileSync(join(EXAMPLE, 'basic.json'), 'utf8'));
    const response = await fetch(`${base}/basic`, { method: 'POST', ...capnpBody(Basic, doc) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ greeting: 'Hello, Ada Lovelace from London', projects: 2, tags: 3, languages: ['en', 'fr', 'it'] });
  });

  it('a malformed POST /basic is a 400 with the CapnpError code', async () => {
    const truncated = await fetch(`${base}/basic`, { method: 'POST', body: new Uint8Array([0, 0, 0]), headers: { 'content-type': 'application/x-capnp' } });
    expect(truncated.status).toBe(400);
    expect(await truncated.json()).toMatchObject({ statusCode: 400, code: 'TRUNCATED' });
    // A root pointer to a struct far outside the one-word segment.
    const outside = new Uint8Array([0, 0, 0, 0, 1, 0, 0, 0, 0x00, 0x01, 0, 0, 1, 0, 0, 0]);
    const bad = await fetch(`${base}/basic`, { method: 'POST', body: outside, headers: { 'content-type': 'application/x-capnp' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('OUT_OF_BOUNDS');
    const json = await fetch(`${base}/basic`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(415);
  });
});

describe('examples/fastify: news endpoints', () => {
  it('GET /news.json and GET /news.capnp give the same document', async () => {
    const json = await (await fetch(`${base}/news.json`)).json();
    const expected = JSON.parse(readFileSync(join(EXAMPLE, 'gen/news.json'), 'utf8'));
    expect(json).toEqual(expected);
    expect(JSON.stringify(json).length).toBeGreaterThan(40_000);
    const response = await fetch(`${base}/news.capnp`);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-capnp/);
    const reader = await fromResponse(News, response);
    expect((reader as any).toObject()).toEqual(json);
  });

  it('sparse and read-all answer the same for JSON and Cap\'n Proto', async () => {
    const text = readFileSync(join(EXAMPLE, 'gen/news.json'), 'utf8');
    const doc = JSON.parse(text);
    const answers: Record<string, unknown> = {};
    for (const kind of ['sparse', 'read-all']) {
      const viaJson = await fetch(`${base}/news/${kind}.json`, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
      const viaCapnp = await fetch(`${base}/news/${kind}.capnp`, { method: 'POST', ...capnpBody(News, doc) });
      expect(viaJson.status).toBe(200);
      expect(viaCapnp.status).toBe(200);
      answers[kind] = await viaJson.json();
      expect(await viaCapnp.json()).toEqual(answers[kind]);
    }
    expect(answers.sparse).toEqual({ title: doc.stories[0].title });
    expect((answers['read-all'] as { chars: number }).chars).toBeGreaterThan(30_000);
  });

  it('the autocannon script measures an endpoint (1-second smoke run)', async () => {
    const { measure } = await load('autocannon.mjs');
    const lines: string[] = [];
    const results = await measure({ duration: 1, connections: 2, only: ['sparse.capnp'], log: (line: string) => lines.push(line) });
    expect(results).toHaveLength(1);
    expect(results[0].requestsPerSecond).toBeGreaterThan(0);
    expect(results[0].errors + results[0].non2xx).toBe(0);
    expect(lines[0]).toMatch(/^POST \/news\/sparse\.capnp +\d+ requests\/s$/);
  });
});

if (!hasChromium && !REQUIRE) {
  console.warn(`[capstan] no Chromium at ${CHROMIUM}: skipping the examples/fastify browser test (apt-get install chromium, or set CAPSTAN_REQUIRE_REFERENCE=1 to make this an error)`);
}

describe.skipIf(!hasChromium && !REQUIRE)('examples/fastify in Chromium', () => {
  it('the Send button encodes basic.json, POSTs it, and shows the answer', async () => {
    if (!hasChromium) throw new Error(`CAPSTAN_REQUIRE_REFERENCE=1 but there is no Chromium at ${CHROMIUM} (apt-get install chromium)`);
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], timeout: 60_000 });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      const posted: { contentType: string | undefined; size: number }[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posted.push({ contentType: request.headers()['content-type'], size: request.postDataBuffer()?.length ?? 0 });
      });
      await page.goto(`${base}/`);
      const send = page.locator('#send');
      await send.waitFor();
      await page.waitForFunction(() => !(document.querySelector('#send') as HTMLButtonElement).disabled, null, { timeout: 20_000 });
      await send.click();
      await page.waitForFunction(() => document.querySelector('#answer')?.getAttribute('data-status') != null, null, { timeout: 20_000 });
      const answer = await page.locator('#answer').textContent();
      expect(await page.locator('#answer').getAttribute('data-status')).toBe('200');
      expect(answer).toMatch(/^Hello, Ada Lovelace from London \(\d+ bytes of Cap'n Proto; 2 projects, 3 tags\)$/);
      expect(posted).toHaveLength(1);
      expect(posted[0]!.contentType).toBe('application/x-capnp');
      expect(answer).toContain(`(${posted[0]!.size} bytes`);

      // Text that is not JSON fails in the page, before anything is sent.
      await page.locator('#input').fill('{"name": "Grace",');
      await send.click();
      await page.waitForFunction(() => document.querySelector('#answer')?.getAttribute('data-status') === 'error', null, { timeout: 20_000 });
      expect(await page.locator('#answer').textContent()).toMatch(/^error: /);
      expect(posted).toHaveLength(1);

      // An edited document goes through the generated code too.
      await page.locator('#input').fill('{"name": "Grace Hopper", "address": {"city": "New York"}, "projects": [{"title": "COBOL", "year": 1959, "tags": ["languages", "business", "compilers"]}]}');
      await send.click();
      await page.waitForFunction(() => document.querySelector('#answer')?.getAttribute('data-status') === '200', null, { timeout: 20_000 });
      expect(await page.locator('#answer').textContent()).toMatch(/^Hello, Grace Hopper from New York \(\d+ bytes of Cap'n Proto; 1 projects, 3 tags\)$/);
      expect(posted).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
