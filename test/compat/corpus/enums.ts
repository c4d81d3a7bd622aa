/** Enums: enumerants keep their ordinals, which are their values on the wire. */
import type { CompatCase } from './case.js';

const holder = (enumBody: string): string => `struct Task { status @0 :Status; } enum Status { ${enumBody} }`;

export const ENUM_CASES: readonly CompatCase[] = [
  {
    name: 'enumerant-added',
    verdict: 'compatible',
    expect: ['enumerant-added'],
    old: holder('open @0; done @1;'),
    new: holder('open @0; done @1; archived @2;'),
    wire: [{ type: 'Task', forward: ['(status = done)', '(status = done)'], backward: ['(status = archived)', '(status = (2))'] }],
  },
  {
    name: 'enumerant-removed',
    verdict: 'wire-breaking',
    expect: ['enumerant-removed'],
    old: holder('open @0; done @1; archived @2;'),
    new: holder('open @0; done @1;'),
    wire: [{ type: 'Task', forward: ['(status = archived)', '(status = (2))'] }],
  },
  {
    name: 'enumerant-renumbered',
    verdict: 'wire-breaking',
    expect: ['enumerant-renumbered', 'enumerant-renumbered'],
    old: holder('open @0; done @1;'),
    new: holder('done @0; open @1;'),
    wire: [{ type: 'Task', forward: ['(status = done)', '(status = open)'] }],
  },
  {
    name: 'enumerant-renamed',
    verdict: 'source-breaking',
    expect: ['enumerant-renamed'],
    old: holder('open @0; done @1;'),
    new: holder('open @0; finished @1;'),
    wire: [{ type: 'Task', forward: ['(status = done)', '(status = finished)'], backward: ['(status = finished)', '(status = done)'] }],
  },
];
