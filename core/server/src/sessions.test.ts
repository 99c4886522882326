// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PaymentProps } from '@oja/core';
import { createMemoryStore } from '@oja/store';
import { createSessions, SESSION_TTL_MS, UNOPENED_SESSION_TTL_MS } from './sessions';

const props = { merchantCode: 'MX_DEMO', paymentId: '1', amount: 100 } as PaymentProps;
const MINUTE_MS = 60_000;

describe('sessions: short-lived until their page opens', () => {
  function memory() {
    const clock = { now: 1_000_000 };
    const store = createMemoryStore({ maxEntries: 100, now: () => clock.now });
    return { clock, sessions: createSessions(store) };
  }

  it(`a session never opened is forgotten after UNOPENED_SESSION_TTL_MS (${UNOPENED_SESSION_TTL_MS / MINUTE_MS} min), its first page served or not`, async () => {
    const { clock, sessions } = memory();
    const token = await sessions.open({ props });
    await sessions.served(token, { first: true });
    clock.now += UNOPENED_SESSION_TTL_MS - 1;
    expect(await sessions.get(token)).toBeDefined();
    clock.now += 1;
    expect(await sessions.get(token)).toBeUndefined();
  });

  it(`once opened (the shell's beacon), it keeps SESSION_TTL_MS (${SESSION_TTL_MS / MINUTE_MS} min) from each change`, async () => {
    const { clock, sessions } = memory();
    const token = await sessions.open({ props });
    clock.now += UNOPENED_SESSION_TTL_MS - 1;
    expect((await sessions.opened(token))?.openedAt).toEqual(expect.any(Number));
    clock.now += SESSION_TTL_MS - 1;
    expect(await sessions.get(token)).toBeDefined();
    clock.now += 1;
    expect(await sessions.get(token)).toBeUndefined();
  });

  it('a page asked for again (a reload, a link without script) opens it too; a later change keeps it open', async () => {
    const { clock, sessions } = memory();
    const token = await sessions.open({ props });
    await sessions.served(token);
    await sessions.update(token, (s) => {
      s.gates = { offer: 'skipped' };
    });
    clock.now += UNOPENED_SESSION_TTL_MS * 2;
    expect((await sessions.get(token))?.gates).toEqual({ offer: 'skipped' });
  });

  it('an update before the page opens keeps the short time', async () => {
    const { clock, sessions } = memory();
    const token = await sessions.open({ props });
    await sessions.update(token, (s) => {
      s.leaveTries = 1;
    });
    clock.now += UNOPENED_SESSION_TTL_MS;
    expect(await sessions.get(token)).toBeUndefined();
  });
});
