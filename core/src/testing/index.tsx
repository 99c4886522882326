import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/*
 * Test helpers for vitest (`@oja/core/testing`): the story-safe fixtures, plus what needs the test runner. Stories
 * import `@oja/core/testing/fixtures` instead (see there why).
 */

export * from './fixtures';

/** Moves the fake clock (vi.useFakeTimers) by ms inside act, letting React settle. */
export const pass = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

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
