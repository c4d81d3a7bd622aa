// A deterministic "news" front page: 10 highlights {title, link}; 100 stories {title, link,
// comments: [{id (uuid), text, link}]}; a date. About 46 KB as JSON. `newsDocument({ stories })`
// grows the same generator (news-large: 100 000 stories, about 46 MB): the random stream is the
// same, so the first 100 stories of a larger document are the 46 KB document's.
import { XorShift128 } from './random.mjs';

const LOREM = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore ' +
  'magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat ' +
  'duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat ' +
  'cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum'
).split(' ');

function sentence(random, minWords, maxWords) {
  const count = minWords + random.int(maxWords - minWords + 1);
  const words = [];
  for (let i = 0; i < count; i++) words.push(LOREM[random.int(LOREM.length)]);
  const text = words.join(' ');
  return text[0].toUpperCase() + text.slice(1) + '.';
}

function slug(random) {
  const words = [];
  for (let i = 0, n = 2 + random.int(4); i < n; i++) words.push(LOREM[random.int(LOREM.length)]);
  return words.join('-');
}

function uuid(random) {
  const hex = (n, width) => n.toString(16).padStart(width, '0');
  const a = random.next(), b = random.next(), c = random.next(), d = random.next();
  return `${hex(a, 8)}-${hex(b >>> 16, 4)}-${hex((b & 0x0fff) | 0x4000, 4)}-${hex(((c >>> 16) & 0x3fff) | 0x8000, 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`;
}

export function newsDocument({ stories: storyCount = 100 } = {}) {
  const random = new XorShift128();
  const highlights = [];
  for (let i = 0; i < 10; i++) highlights.push({ title: sentence(random, 4, 9), link: `https://news.example.com/highlights/${slug(random)}` });
  const stories = [];
  for (let i = 0; i < storyCount; i++) {
    const comments = [];
    for (let j = 0, n = random.int(4); j < n; j++) {
      comments.push({ id: uuid(random), text: sentence(random, 8, 18), link: `https://news.example.com/c/${slug(random)}` });
    }
    stories.push({ title: sentence(random, 5, 12), link: `https://news.example.com/stories/${slug(random)}`, comments });
  }
  return { date: '2026-11-21T08:30:00.000Z', highlights, stories };
}
