// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS, readConfig } from './ojaConfig.mjs';
import { APP_ROOT, loadInstalled } from './config';

describe('the installed plugins, as unit tests load them', () => {
  it("are this repository's oja.config.json, in its order", async () => {
    const installed = await loadInstalled();
    const config = readConfig(APP_ROOT);
    // Each kind's plugins are the default exports of the packages the config lists, in its order: nothing kept by hand.
    for (const kind of KINDS) {
      const listed = await Promise.all(config[kind].map(async (name) => ((await import(/* @vite-ignore */ name)) as { default: unknown }).default));
      expect(installed[kind], kind).toEqual(listed);
    }
    expect(installed.channels.length).toBeGreaterThan(0);
    expect(installed.markets).toEqual(config.markets);
  });

  describe('in an app listing a package that is no channel', () => {
    let root: string;
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-app-'));
      fs.mkdirSync(path.join(root, 'node_modules/@acme/not-a-channel'), { recursive: true });
      fs.writeFileSync(path.join(root, 'node_modules/@acme/not-a-channel/package.json'), JSON.stringify({ name: '@acme/not-a-channel' }));
      fs.writeFileSync(path.join(root, 'oja.config.json'), JSON.stringify({ channels: ['@acme/not-a-channel'], brandings: [] }));
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('rejects, naming the package', async () => {
      const load = async (name: string) => ({ default: name === '@acme/not-a-channel' ? { hello: 'world' } : undefined });
      await expect(loadInstalled({ root, load })).rejects.toThrow(
        /@acme\/not-a-channel \(in oja\.config\.json "channels"\) does not export a channel/,
      );
    });
  });
});
