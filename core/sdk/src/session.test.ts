import { describe, expect, it, vi } from 'vitest';
import { createSession } from './session';
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
  return { session: createSession(callbacks, teardown), callbacks, teardown, order };
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

  it('never calls onComplete after onClose', () => {
    const { session, order } = setup();
    session.close();
    session.complete(result);
    session.loaded();
    expect(order).toEqual(['teardown', 'onClose']);
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
