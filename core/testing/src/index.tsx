import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/*
 * Test helpers for vitest (`@oja/testing`): the story-safe fixtures, plus what needs the test runner. Stories
 * import `@oja/testing/fixtures` instead (see there why).
 */

export * from './fixtures';

/** Moves the fake clock (vi.useFakeTimers) by ms inside act, letting React settle. */
export const pass = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets answers, lazy imports and renders settle without moving the fake clock: a few turns of `pass()`. */
export async function settle(turns = 4): Promise<void> {
  for (let i = 0; i < turns; i++) await pass();
}
/** Moves the fake clock, then lets what it set off settle. */
export async function advance(ms: number): Promise<void> {
  await pass(ms);
  await settle();
}

/** Clicks inside act, then lets the fake clock's due work and React settle. */
export async function click(el: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(el);
  });
  await pass();
}
export * from './brandingContract';
export * from './fixturePage';
export * from './pageContext';
