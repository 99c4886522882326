import { describe, expect, it } from 'vitest';

import { brandingContract } from '@oja/testing';
import branding from './index';
import { palette } from './theme';

describe('HALO branding', () => {
  it('is the HALO acquirer, forcing card, transfer, wallet, QR, USSD, credit and Google Pay on (spec core §5)', () => {
    expect(branding.acquirer).toBe('HALO');
    expect(branding.channels).toEqual({ force: ['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY'] });
    expect(branding.languageToggle).toBeFalsy();
    expect(branding.routes).toBeUndefined();
    expect(branding.className).toMatch(/\S/);
  });

  brandingContract(branding, { namespace: 'halo', logoName: 'HALO', palette });
});
