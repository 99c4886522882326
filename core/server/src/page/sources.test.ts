// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { defineChannel } from '@oja/core';
import type { ChannelPlugin, OutsideSource } from '@oja/core';
import { declaredSourceKeys } from '@oja/core';
import { paymentSources, parseOutsideSources, sourceExpression, unnamedSources } from './sources';

const channel = (id: string, sources: OutsideSource[]): ChannelPlugin =>
  defineChannel({ id, code: id.toUpperCase(), path: `/payment/${id}`, isAvailable: () => true, messages: { en: {}, fr: {} }, sources });

const issuer: OutsideSource = { key: '3ds-issuer', directives: ['frame'], why: 'issuer page' };
const fingerprint: OutsideSource = { key: 'device-fingerprint', directives: ['script'], why: 'fingerprint' };
const provider: OutsideSource = { key: 'provider', directives: ['frame', 'connect'], why: 'provider page' };
const card = channel('card', [issuer, fingerprint]);
const wallet = channel('wallet', [issuer]);
const opay = channel('opay', [provider]);
const plain = channel('transfer', []);

describe('sourceExpression', () => {
  it('keeps http(s) origins (lower case, no trailing slash) and https:', () => {
    expect(sourceExpression('https://ACS.Bank.example/')).toBe('https://acs.bank.example');
    expect(sourceExpression('http://127.0.0.1:4402')).toBe('http://127.0.0.1:4402');
    expect(sourceExpression('https://[::1]:8443')).toBe('https://[::1]:8443');
    expect(sourceExpression('https:')).toBe('https:');
  });

  it('refuses anything else: paths, wildcards, keywords, other schemes, injections', () => {
    for (const bad of [
      'https://a.example/path',
      '*',
      'https://*.example',
      "'unsafe-inline'",
      'javascript:alert(1)',
      'data:',
      'http:',
      "https://a.example; script-src 'unsafe-eval'",
      'https://a.example b',
      42,
      null,
    ]) {
      expect(sourceExpression(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('parseOutsideSources', () => {
  it('reads key -> origin or origins', () => {
    const warn = vi.fn();
    expect(
      parseOutsideSources('{"3ds-issuer":"https:","device-fingerprint":["https://h.online-metrix.net","https://h.online-metrix.net/"]}', warn),
    ).toEqual({
      '3ds-issuer': ['https:'],
      'device-fingerprint': ['https://h.online-metrix.net'],
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves out what is not an origin, saying so, and ignores what is not a JSON object', () => {
    const warn = vi.fn();
    expect(parseOutsideSources('{"a":["https://ok.example","*"],"b":"javascript:x","c":5}', warn)).toEqual({ a: ['https://ok.example'] });
    expect(warn).toHaveBeenCalledTimes(3);
    for (const bad of ['not json', '[]', '"x"', 'null'])
      expect(
        parseOutsideSources(bad, () => undefined),
        bad,
      ).toEqual({});
    expect(parseOutsideSources(undefined)).toEqual({});
  });
});

describe('declaredSourceKeys and unnamedSources', () => {
  it('lists each key once, and those a configuration leaves unnamed', () => {
    expect(declaredSourceKeys([card, wallet, opay])).toEqual(['3ds-issuer', 'device-fingerprint', 'provider']);
    expect(unnamedSources([card, wallet, opay], { '3ds-issuer': ['https:'] })).toEqual(['device-fingerprint', 'provider']);
  });
});

describe('paymentSources', () => {
  const origins = { '3ds-issuer': ['https:'], 'device-fingerprint': ['https://fp.example'], provider: ['https://pay.opay.example'] };

  it("allows a channel's sources by their directives, and tells the page their origins", () => {
    expect(paymentSources([card], origins)).toEqual({
      policy: { frame: ['https:'], script: ['https://fp.example'] },
      page: { '3ds-issuer': ['https:'], 'device-fingerprint': ['https://fp.example'] },
    });
    expect(paymentSources([opay], origins).policy).toEqual({ frame: ['https://pay.opay.example'], connect: ['https://pay.opay.example'] });
  });

  it('names a source two channels share once', () => {
    expect(paymentSources([card, wallet, opay], origins).policy.frame).toEqual(['https:', 'https://pay.opay.example']);
  });

  it('allows nothing of a channel the payment cannot use, and nothing the configuration does not name', () => {
    expect(paymentSources([wallet, plain], origins)).toEqual({ policy: { frame: ['https:'] }, page: { '3ds-issuer': ['https:'] } });
    expect(paymentSources([plain], origins)).toEqual({ policy: {}, page: {} });
    expect(paymentSources([card], {})).toEqual({ policy: {}, page: {} });
  });
});
