// The architecture page's picture (docs/contributors/architecture.md, its Mermaid graph) against what the
// packages declare: every edge drawn is a dependency of a package.json (or, for the app's plugins, a list of
// oja.config.json), and every such dependency is drawn.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJson, root, workspaceDirs } from './workspaces';

/** The picture's nodes, each the workspace folders it stands for. */
const NODES: Record<string, (dir: string) => boolean> = {
  core: (d) => d === 'core',
  server: (d) => d === 'core/server',
  sandbox: (d) => d === 'core/sandbox',
  store: (d) => d === 'core/store',
  testing: (d) => d === 'core/testing',
  sdk: (d) => d === 'core/sdk',
  app: (d) => d === 'core/app',
  gates: (d) => d.startsWith('core/gates/'),
  pages: (d) => d.startsWith('core/pages/'),
  channels: (d) => d.startsWith('channels/'),
  brandings: (d) => d.startsWith('branding/'),
};
/** The config's lists, by the node the app reaches through each. */
const CONFIG_NODES: Record<string, string> = { channels: 'channels', brandings: 'brandings', gates: 'gates', pages: 'pages' };

const nodeOf = (dir: string) => Object.entries(NODES).find(([, is]) => is(dir))?.[0];

/** "a --> b" for each edge of the page's first Mermaid graph. */
function drawnEdges(): string[] {
  const text = fs.readFileSync(path.join(root, 'docs/contributors/architecture.md'), 'utf8');
  const graph = /```mermaid\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  const edges = graph
    .split('\n')
    .map((line) => /^\s*(\w+)(?:\[[^\]]*\])?\s*-->\s*(\w+)/.exec(line))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => `${m[1]} --> ${m[2]}`);
  return [...new Set(edges)].sort();
}

/** "a --> b" for each @oja dependency (dependencies and peers) between the nodes, and the app's configured plugins. */
function declaredEdges(): string[] {
  const byName = new Map<string, string>();
  const dirs = workspaceDirs().filter((d) => nodeOf(d));
  for (const d of dirs) byName.set(readJson(path.join(d, 'package.json')).name, d);
  const edges = new Set<string>();
  for (const d of dirs) {
    const pkg = readJson(path.join(d, 'package.json'));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) {
      const target = byName.get(dep);
      if (target) edges.add(`${nodeOf(d)} --> ${nodeOf(target)}`);
    }
  }
  const config = readJson('oja.config.json');
  for (const [kind, node] of Object.entries(CONFIG_NODES)) if (config[kind]?.length) edges.add(`app --> ${node}`);
  return [...edges].sort();
}

describe('the architecture page', () => {
  it("draws exactly the packages' dependencies on each other", () => {
    expect(drawnEdges().length).toBeGreaterThan(5);
    expect(drawnEdges()).toEqual(declaredEdges());
  });

  it('keeps core free of the server, the sandbox, the store, the testing kit and every plugin', () => {
    expect(declaredEdges().filter((e) => e.startsWith('core -->'))).toEqual(['core --> sdk']);
    expect(declaredEdges().filter((e) => e.startsWith('server -->'))).not.toContain('server --> sandbox');
  });
});
