// @vitest-environment node
// Docker is not at hand where the tests run: these checks hold the Dockerfile and compose.yaml to what the README
// and CONTRACT §5 promise (the image built as `npm run build` builds, /healthz, Redis shared by two instances).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NEWER_NODE } from '../bin/newer-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

type Yaml = string | Yaml[] | { [key: string]: Yaml };

/**
 * The block YAML compose.yaml is written in: maps, lists of scalars, plain or quoted scalars (a flow list such as
 * a healthcheck's ["CMD", …] is kept as its text). Anything else fails the parse.
 */
function parseBlockYaml(text: string): Yaml {
  const lines = text
    .split('\n')
    .map((line, i) => ({ n: i + 1, indent: line.search(/\S/), text: line.trim() }))
    .filter((l) => l.text && !l.text.startsWith('#'));
  let at = 0;
  const scalar = (s: string) => (/^"(.*)"$/.test(s) ? JSON.parse(s) : s);
  const block = (indent: number): Yaml => {
    if (lines[at].text.startsWith('- ')) {
      const list: Yaml[] = [];
      while (at < lines.length && lines[at].indent === indent && lines[at].text.startsWith('- ')) list.push(scalar(lines[at++].text.slice(2)));
      return list;
    }
    const map: Record<string, Yaml> = {};
    while (at < lines.length && lines[at].indent === indent) {
      const { n, text: t } = lines[at++];
      const m = /^([\w.-]+):(?: (.+))?$/.exec(t);
      if (!m) throw new Error(`compose.yaml line ${n}: not "key: value": ${t}`);
      if (m[1] in map) throw new Error(`compose.yaml line ${n}: ${m[1]} given twice`);
      if (m[2] !== undefined) map[m[1]] = scalar(m[2]);
      else if (at < lines.length && lines[at].indent > indent) map[m[1]] = block(lines[at].indent);
      else throw new Error(`compose.yaml line ${n}: ${m[1]} holds nothing`);
    }
    if (at < lines.length && lines[at].indent > indent) throw new Error(`compose.yaml line ${lines[at].n}: indented where nothing opens a block`);
    return map;
  };
  if (/\t/.test(text)) throw new Error('compose.yaml: a tab (YAML indents with spaces)');
  const doc = block(0);
  if (at !== lines.length) throw new Error(`compose.yaml line ${lines[at].n}: not read`);
  return doc;
}
const mapOf = (y: Yaml | undefined): Record<string, Yaml> => (y && typeof y === 'object' && !Array.isArray(y) ? y : {});

/** The Dockerfile as stages: each FROM with the instructions after it (continuation lines joined, comments out). */
function stagesOf(text: string) {
  const instructions = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: { from: string; lines: string[] }[] = [];
  for (const line of instructions) {
    if (line.startsWith('FROM ')) stages.push({ from: line.slice(5), lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

describe('Dockerfile', () => {
  const stages = stagesOf(read('Dockerfile'));
  const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const [build, run] = stages;

  it('builds in one stage and runs in another, both on the Node the unit tests also run on (bookworm, slim)', () => {
    const major = NEWER_NODE.split('.')[0];
    expect(stages).toHaveLength(2);
    expect(build.from).toBe(`node:${major}-bookworm-slim AS build`);
    expect(run.from).toBe(`node:${major}-bookworm-slim`);
  });

  it('builds as a developer does: npm ci, then the build of `npm run build`', () => {
    const runs = build.lines.filter((l) => l.startsWith('RUN ')).map((l) => l.replace(/^RUN (--mount=\S+ )*/, ''));
    const buildCommand = pkg.scripts.build.split('&&').at(-1)!.trim();
    expect(buildCommand).toBe('node scripts/build/build.mjs');
    expect(runs).toEqual([expect.stringMatching(/^npm ci\b/), buildCommand]);
  });

  it('ships only the built server and client, and starts the server as `npm run serve` does', () => {
    expect(run.lines.filter((l) => l.startsWith('COPY ')).sort()).toEqual([
      'COPY --from=build /app/dist/client dist/client',
      'COPY --from=build /app/dist/server dist/server',
    ]);
    const cmd = run.lines.find((l) => l.startsWith('CMD '))!;
    // Exec form: node is the process SIGTERM reaches (it drains requests, then exits).
    expect(JSON.parse(cmd.slice(4)).join(' ')).toBe(pkg.scripts.serve);
  });

  it('runs as node, listening on every interface on 4400, with a health check on /healthz', () => {
    expect(run.lines).toContain('USER node');
    const env = run.lines.filter((l) => l.startsWith('ENV ')).join(' ');
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
    expect(env).toMatch(/\bPORT=4400\b/);
    expect(run.lines.find((l) => l.startsWith('EXPOSE '))?.split(' ')).toContain('4400');
    const health = run.lines.find((l) => l.startsWith('HEALTHCHECK '))!;
    expect(health).toContain('CMD ["node", "-e"');
    expect(health).toContain("fetch('http://127.0.0.1:' + (process.env.PORT || 4400) + '/healthz')");
    expect(health).not.toMatch(/curl|wget/);
  });

  it('leaves out of the build context what the build makes itself', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['node_modules', 'dist', 'dist-test', '.git']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = mapOf(parseBlockYaml(read('compose.yaml')));
  const services = mapOf(compose.services);

  it('runs Redis 7 with a health check and nothing on disk', () => {
    const redis = mapOf(services.redis);
    expect(redis.image).toBe('redis:7-alpine');
    expect(mapOf(redis.healthcheck).test).toBe('["CMD", "redis-cli", "ping"]');
    expect(redis.command).toBe('["redis-server", "--save", "", "--appendonly", "no"]');
  });

  it.each([
    ['checkout-a', 4400],
    ['checkout-b', 4410],
  ])('runs %s from this image on host port %i, sessions in the shared Redis once it is healthy', (name, port) => {
    const s = mapOf(services[name]);
    expect(s.build).toBe('.');
    expect(s.image).toBe('oja-checkout');
    expect(s.init).toBe('true');
    const env = mapOf(s.environment);
    expect(env.CHECKOUT_SESSION_STORE).toBe('redis://redis:6379');
    expect(mapOf(mapOf(s.depends_on).redis).condition).toBe('service_healthy');
    // Inside as outside: the addresses the instance writes into its pages lead back to it.
    const ports = [env.PORT, env.MERCHANT_PORT, env.OUTSIDE_PORT];
    expect(ports).toEqual([String(port), String(port + 1), String(port + 2)]);
    expect(s.ports).toEqual(ports.map((p) => `${p}:${p}`));
  });

  it('holds nothing but Redis and the two instances', () => {
    expect(Object.keys(services).sort()).toEqual(['checkout-a', 'checkout-b', 'redis']);
  });
});

describe('the block YAML reader these checks use', () => {
  it('reads maps, lists and quoted scalars, and refuses what it does not know', () => {
    expect(parseBlockYaml('a:\n  b: "1"\n  c:\n    - x\n    - "y"\n# note\nd: e\n')).toEqual({ a: { b: '1', c: ['x', 'y'] }, d: 'e' });
    expect(() => parseBlockYaml('a:\n\tb: 1\n')).toThrow(/tab/);
    expect(() => parseBlockYaml('a: 1\na: 2\n')).toThrow(/twice/);
    expect(() => parseBlockYaml('a: 1\n  b: 2\n')).toThrow(/indented/);
    expect(() => parseBlockYaml('a:\nb: 1\n')).toThrow(/holds nothing/);
  });
});
