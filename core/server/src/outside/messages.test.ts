import { describe, expect, it } from 'vitest';
import { coreMessages, missingKeys } from '@oja/core';
import type { MessageBundle } from '@oja/core';
import { resultMessages } from '@oja/core/shell';
import { homeMessages } from './homeMessages';
import { outsideMessages } from './messages';

/** The server's own pages' strings: under core's namespace (the shell's frame draws them), beside core's own. */
const bundles: Record<string, MessageBundle> = { outsideMessages, homeMessages };

describe("the server's pages' messages", () => {
  it.each(Object.entries(bundles))('%s has the same keys in en and fr', (_, bundle) => {
    expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
    expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
  });

  it('never defines a key that core or another of these bundles defines', () => {
    const seen = new Map<string, string>();
    const walk = (name: string, node: object, prefix: string, check: boolean) => {
      for (const [k, v] of Object.entries(node)) {
        const path = prefix ? `${prefix}.${k}` : k;
        if (v && typeof v === 'object') walk(name, v, path, check);
        else {
          if (check) expect(seen.get(path), `${path} in ${name}`).toBeUndefined();
          seen.set(path, name);
        }
      }
    };
    walk('coreMessages', coreMessages.en, '', false);
    walk('resultMessages', resultMessages.en, '', false);
    for (const [name, bundle] of Object.entries(bundles)) walk(name, bundle.en, '', true);
  });
});
