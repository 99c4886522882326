import { describe, expect, it, vi } from 'vitest';
import { CLOSED_RESP, closedResult, createSession } from './session';
import { RESULT_FIELDS } from './payRules';
import { checkoutError } from './request';
import type { CheckoutResult } from './types';

const result = { resp: '00', txnref: 'ORDER-1' } as CheckoutResult;

function setup() {
  const order: string[] = [];
  const callbacks = {
    onComplete: vi.fn(() => void order.push('onComplete')),
    onClose: vi.fn(() => void order.push('onClose')),
    onLoad: vi.fn(() => void order.push('onLoad')),
    onError: vi.fn(() => void order.push('onError')),
  };
  const teardown = vi.fn(() => void order.push('teardown'));
  return { session: createSession(callbacks, teardown, 'ORDER-1'), callbacks, teardown, order };
}

describe('createSession', () => {
  it('ends once with a result: teardown, then onComplete; nothing after', () => {
    const { session, callbacks, order } = setup();
    session.loaded();
    session.loaded();
    session.complete(result);
    session.complete(result);
    session.close();
    session.fail(checkoutError('UNEXPECTED', 'late'));
    expect(order).toEqual(['onLoad', 'teardown', 'onComplete']);
    expect(callbacks.onComplete).toHaveBeenCalledWith(result);
    expect(session.ended).toBe(true);
  });

  it("closed: onComplete once with a Z6 result, then onClose; never the checkout's result afterwards", () => {
    const { session, callbacks, order } = setup();
    session.close();
    session.close();
    session.complete(result);
    session.loaded();
    expect(order).toEqual(['teardown', 'onComplete', 'onClose']);
    expect(callbacks.onComplete).toHaveBeenCalledTimes(1);
    expect(callbacks.onComplete).toHaveBeenCalledWith(closedResult('ORDER-1'));
  });

  it('closed with only onComplete: it still receives the Z6 result, once', () => {
    const onComplete = vi.fn();
    const session = createSession({ onComplete }, () => {}, 'ORDER-1');
    session.close();
    session.close();
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('closed with only onClose: onClose once', () => {
    const onClose = vi.fn();
    const session = createSession({ onClose }, () => {}, 'ORDER-1');
    session.close();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a closed result has all twelve fields as strings, resp Z6, nothing approved, a desc for the payer closing it', () => {
    const closed = closedResult('ORDER-1');
    expect(Object.keys(closed).sort()).toEqual([...RESULT_FIELDS].sort());
    for (const f of RESULT_FIELDS) expect(typeof closed[f]).toBe('string');
    expect(closed).toMatchObject({ resp: CLOSED_RESP, txnref: 'ORDER-1', amount: '0', apprAmt: '0' });
    expect(CLOSED_RESP).toBe('Z6');
    expect(closed.desc).toMatch(/closed/);
  });

  it('a failed checkout has no closed result: onError only', () => {
    const { session, callbacks } = setup();
    session.fail(checkoutError('POPUP_BLOCKED', 'blocked'));
    expect(callbacks.onComplete).not.toHaveBeenCalled();
    expect(callbacks.onClose).not.toHaveBeenCalled();
  });

  it('ends with onError, and only once', () => {
    const { session, callbacks, order } = setup();
    const error = checkoutError('CHECKOUT_UNREACHABLE', 'down');
    session.fail(error);
    session.close();
    expect(order).toEqual(['teardown', 'onError']);
    expect(callbacks.onError).toHaveBeenCalledWith(error);
  });

  it('keeps its state when a callback throws, and sends the throw to the console', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onComplete = vi.fn(() => {
      throw new Error('merchant bug');
    });
    const session = createSession({ onComplete }, () => {});
    expect(() => session.complete(result)).not.toThrow();
    session.complete(result);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('Oja Checkout: a callback threw', expect.any(Error));
  });

  it('without onError, an error goes to the console', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    createSession({}, () => {}).fail(checkoutError('POPUP_BLOCKED', 'blocked'));
    expect(logged).toHaveBeenCalledWith('Oja Checkout: blocked');
  });
});
