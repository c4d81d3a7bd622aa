/**
 * Capstan's own standard schemas (std/capnp): embedded up to date, compiling cleanly without a
 * file system, and declaring what upstream's do (checked against the reference tool's 0.9.2
 * copies: every node, field, enumerant and method there must exist here, with the same id,
 * ordinal, offset and type; newer releases only add to them).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, STANDARD_SCHEMAS } from '../../src/compiler/index.js';
import { decodeCodeGeneratorRequest, type Field, type Node } from '../../src/schema/index.js';
import { describeReference } from '../support/reference.js';
import { referenceCompile } from './support/parity.js';

const STD_FILES = [
  'capnp/c++.capnp', 'capnp/schema.capnp', 'capnp/rpc.capnp', 'capnp/rpc-twoparty.capnp', 'capnp/persistent.capnp',
  'capnp/stream.capnp', 'capnp/compat/json.capnp',
];

describe('standard schemas', () => {
  it('are embedded byte for byte (scripts/generate-std.mjs embeds them; test/schema/std-current.test.ts checks it is current)', () => {
    expect([...STANDARD_SCHEMAS.keys()].sort()).toEqual([...STD_FILES].sort());
    for (const name of STD_FILES) {
      const onDisk = readFileSync(fileURLToPath(new URL(`../../std/${name}`, import.meta.url)));
      expect(Buffer.from(STANDARD_SCHEMAS.get(name)!).equals(onDisk), name).toBe(true);
    }
  });

  it('compile without errors from the embedded copies alone', () => {
    const files = STD_FILES.map((name) => `/${name}`);
    const { request, diagnostics } = compile({ files, sources: {}, loader: embeddedOnlyLoader() });
    expect(diagnostics).toEqual([]);
    expect(request!.requestedFiles!.map((f) => f.filename)).toEqual(STD_FILES);
  });
});

/** A loader whose only files are the embedded standard schemas, at `/capnp/...`. */
function embeddedOnlyLoader() {
  return {
    readFile: (path: string) => STANDARD_SCHEMAS.get(path.slice(1)) ?? null,
    isDirectory: (path: string) => path === '/' || path === '/capnp' || path === '/capnp/compat',
  };
}

const json = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString(16) : v));

/**
 * How the nodes compiled from `ours` differ from those of `theirs` (an older release): missing
 * nodes, and fields (matched by ordinal) whose name, type or offset changed. Added nodes and
 * members are not differences.
 */
function changesFrom(theirs: readonly Node[], ours: readonly Node[]): string[] {
  const byId = new Map(ours.map((node) => [node.id, node]));
  const changes: string[] = [];
  for (const node of theirs) {
    const counterpart = byId.get(node.id);
    if (counterpart === undefined) {
      changes.push(`${node.displayName}: removed`);
      continue;
    }
    if (counterpart.displayName !== node.displayName) changes.push(`${node.displayName}: renamed ${counterpart.displayName}`);
    if ('struct' in node) {
      const fields = new Map<string, Field>();
      for (const field of ('struct' in counterpart ? counterpart.struct.fields : null) ?? []) fields.set(fieldKey(field), field);
      for (const field of node.struct.fields ?? []) {
        const other = fields.get(fieldKey(field));
        if (other === undefined) {
          changes.push(`${node.displayName}.${field.name}: removed`);
        } else if (other.name !== field.name) {
          changes.push(`${node.displayName}.${field.name}: renamed ${other.name}`);
        } else if ('slot' in field && 'slot' in other && (json(field.slot.type) !== json(other.slot.type) || field.slot.offset !== other.slot.offset)) {
          changes.push(`${node.displayName}.${field.name}: ${json(field.slot.type)} became ${json(other.slot.type)}`);
        }
      }
    } else if ('enum' in node) {
      const names = ('enum' in counterpart ? counterpart.enum.enumerants ?? [] : []).map((e) => e.name);
      node.enum.enumerants?.forEach((enumerant, i) => {
        if (names[i] !== enumerant.name) changes.push(`${node.displayName}.${enumerant.name}: renamed ${names[i]}`);
      });
    } else if ('interface' in node) {
      const methods = ('interface' in counterpart ? counterpart.interface.methods ?? [] : []).map((m) => m.name);
      node.interface.methods?.forEach((method, i) => {
        if (methods[i] !== method.name) changes.push(`${node.displayName}.${method.name}: renamed ${methods[i]}`);
      });
    }
  }
  return changes;
}

function fieldKey(field: Field): string {
  return 'explicit' in field.ordinal ? `@${field.ordinal.explicit}` : `group ${field.name}`;
}

/**
 * What upstream changed in these schemas between 0.9.2 and its newest release (which Capstan's
 * copies follow): all wire-compatible, or in parts of the protocol no two-party connection uses.
 */
const UPSTREAM_CHANGES_SINCE_0_9_2: Record<string, string[]> = {
  'capnp/schema.capnp': [
    'capnp/schema.capnp:Value.list: {"anyPointer":{"unconstrained":{"anyKind":null}}} became {"anyPointer":{"unconstrained":{"list":null}}}',
    'capnp/schema.capnp:Value.struct: {"anyPointer":{"unconstrained":{"anyKind":null}}} became {"anyPointer":{"unconstrained":{"struct":null}}}',
  ],
  'capnp/rpc.capnp': [
    'capnp/rpc.capnp:Return.acceptFromThirdParty: renamed awaitFromThirdParty',
    'capnp/rpc.capnp:Accept.embargo: {"bool":null} became {"data":null}',
    'capnp/rpc.capnp:Disembargo.context.accept: {"void":null} became {"data":null}',
    'capnp/rpc.capnp:Disembargo.context.provide: removed',
  ],
  'capnp/rpc-twoparty.capnp': [
    'capnp/rpc-twoparty.capnp:ProvisionId: removed',
    'capnp/rpc-twoparty.capnp:RecipientId: removed',
    'capnp/rpc-twoparty.capnp:ThirdPartyCapId: removed',
    'capnp/rpc-twoparty.capnp:JoinResult.cap: {"anyPointer":{"unconstrained":{"anyKind":null}}} became {"anyPointer":{"unconstrained":{"capability":null}}}',
  ],
};

describeReference('standard schemas match upstream\'s', () => {
  const std = fileURLToPath(new URL('../../std', import.meta.url));

  for (const file of STD_FILES) {
    it(`${file} keeps the ids, names, ordinals and layout of the reference's copy (but for upstream's later changes)`, () => {
      const ours = referenceCompile({ files: [file], cwd: std, noStandardImport: true, importPaths: [std] });
      const theirs = referenceCompile({ files: [file], cwd: '/usr/include', noStandardImport: true, importPaths: ['/usr/include'] });
      expect(ours.stderr).toBe('');
      expect(theirs.status).toBe(0);
      const theirNodes = decodeCodeGeneratorRequest(theirs.stdout).nodes!;
      expect(theirNodes.length).toBeGreaterThan(0);
      expect(changesFrom(theirNodes, decodeCodeGeneratorRequest(ours.stdout).nodes!)).toEqual(UPSTREAM_CHANGES_SINCE_0_9_2[file] ?? []);
    });
  }
});
