// The browser side: builds a Basic message with the generated code from the JSON in the text
// area, POSTs it as application/x-capnp with capnpBody, and shows the server's answer.
// prepare.mjs bundles this file into gen/page.js with esbuild.
import { capnpBody } from 'capstan/fetch';
import { Basic } from './gen/basic.capnp.js';

const input = document.querySelector('#input');
const send = document.querySelector('#send');
const answer = document.querySelector('#answer');

input.value = await (await fetch('/basic.json')).text();

send.addEventListener('click', async () => {
  answer.textContent = 'sending…';
  delete answer.dataset.status;
  try {
    const value = JSON.parse(input.value);
    const body = capnpBody(Basic, value); // { body: Uint8Array, headers: { 'content-type': 'application/x-capnp' } }
    const response = await fetch('/basic', { method: 'POST', ...body });
    const json = await response.json();
    answer.textContent = response.ok
      ? `${json.greeting} (${json.bytes} bytes of Cap'n Proto; ${json.projects} projects, ${json.tags} tags)`
      : `error ${response.status} ${json.code}: ${json.message}`;
    answer.dataset.status = String(response.status);
  } catch (error) {
    answer.textContent = `error: ${error.message}`;
    answer.dataset.status = 'error';
  }
});
send.disabled = false;
