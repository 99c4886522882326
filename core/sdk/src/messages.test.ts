import { describe, expect, it } from 'vitest';
import { MESSAGE_KEY, RESULT_FIELDS, readMessage } from './messages';
import { SAMPLE_RESULT } from './fixtures';

const CHECKOUT = 'https://checkout.example';
const frame = { name: 'the checkout window' };
const from = { origin: CHECKOUT, source: frame, txnRef: 'ORDER-1' };

const result = (extra: Record<string, unknown> = {}) => ({ ...SAMPLE_RESULT, retRef: 'RR-1', ...extra });
const event = (data: unknown, over: { origin?: string; source?: unknown } = {}) =>
  ({ origin: CHECKOUT, source: frame, data, ...over }) as unknown as MessageEvent;
const completed = (data: unknown = result()) => ({ key: MESSAGE_KEY, messageType: 'COMPLETED', data });

describe('readMessage', () => {
  it('reads INITIALIZED and COMPLETED from the checkout’s window and exact origin', () => {
    expect(readMessage(event({ key: MESSAGE_KEY, messageType: 'INITIALIZED', data: {} }), from)).toEqual({ type: 'INITIALIZED' });
    expect(readMessage(event(completed()), from)).toEqual({ type: 'COMPLETED', result: result() });
  });

  it('passes on only the documented result fields', () => {
    const m = readMessage(event(completed(result({ extra: 'x', __proto__: { polluted: true } }))), from);
    expect(m?.type === 'COMPLETED' && Object.keys(m.result).sort()).toEqual([...RESULT_FIELDS].sort());
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another port of the same host', { origin: 'https://checkout.example:444' }],
    ['the same host over http', { origin: 'http://checkout.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['another window of the right origin', { source: { name: 'another frame' } }],
    ['no window', { source: null }],
  ])('ignores a message from %s', (_, over) => {
    expect(readMessage(event(completed(), over), from)).toBeNull();
  });

  it('ignores anything while the checkout’s window is unknown', () => {
    expect(readMessage(event(completed(), { source: null }), { ...from, source: null })).toBeNull();
  });

  it.each([
    ['a string', JSON.stringify(completed())],
    ['an array', [completed()]],
    ['another key', { ...completed(), key: 'webpay' }],
    ['no key', { messageType: 'COMPLETED', data: result() }],
    ['another message type', { key: MESSAGE_KEY, messageType: 'CLOSED', data: {} }],
    ['no data', { key: MESSAGE_KEY, messageType: 'COMPLETED' }],
    ['a missing field', completed({ ...result(), rechPin: undefined })],
    ['a field that is not text', completed(result({ amount: 150000 }))],
    ['another payment’s result', completed(result({ txnref: 'ORDER-2' }))],
  ])('ignores a message of another shape: %s', (_, data) => {
    expect(readMessage(event(data), from)).toBeNull();
  });
});
