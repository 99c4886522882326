import { describe, expect, it } from 'vitest';

import { brandingContract } from '@oja/testing';
import branding from './index';
import { palette } from './theme';

describe('default branding', () => {
  it('is the branding of payments with no acquirer, with no channel policy and no toggle', () => {
    expect(branding.acquirer).toBe('');
    expect(branding.channels).toBeUndefined();
    expect(branding.routes).toBeUndefined();
    expect(branding.languageToggle).toBeFalsy();
    expect(branding.className).toMatch(/\S/);
  });

  brandingContract(branding, { namespace: 'brandingDefault', logoName: 'Oja', palette });
});
