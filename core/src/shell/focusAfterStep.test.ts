import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchFocusAfterStep } from './focusAfterStep';

/** A screen with a control, and a control outside it (a dialog's). */
function page() {
  document.body.innerHTML = '<div data-oja-screen=""><button id="step">I have transferred</button></div><button id="outside">Close</button>';
  return {
    screen: document.querySelector('[data-oja-screen]')!,
    step: document.getElementById('step')!,
    outside: document.getElementById('outside')!,
  };
}
/** The shell's refocus: the screen's heading, when there is one. */
const refocus = vi.fn(() => document.querySelector<HTMLElement>('[data-oja-screen] h1')?.focus());
function addHeading(screen: Element, text: string): HTMLElement {
  const h = Object.assign(document.createElement('h1'), { textContent: text, tabIndex: -1 });
  screen.append(h);
  return h;
}
/** The observer's callback runs in a microtask after the change. */
const changes = () => new Promise((r) => setTimeout(r, 0));

let stop: () => void = () => {};
afterEach(() => {
  stop();
  refocus.mockClear();
  document.body.innerHTML = '';
});

describe('watchFocusAfterStep', () => {
  it('refocuses once the focused control left the screen, and again at each change until it is placed', async () => {
    const { screen, step } = page();
    stop = watchFocusAfterStep(refocus);
    step.focus();
    step.remove();
    await changes();
    // No heading yet (a lazy step loading): asked again at the next change, then no more once it has the focus.
    expect(refocus).toHaveBeenCalledTimes(1);
    const heading = addHeading(screen, 'Generating your code');
    await changes();
    expect(refocus).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(heading);
    screen.append(document.createElement('p'));
    await changes();
    expect(refocus).toHaveBeenCalledTimes(2);
    // That step gives way to the next one in turn: its heading has the focus then.
    heading.remove();
    const next = addHeading(screen, 'Dial the code');
    await changes();
    expect(document.activeElement).toBe(next);
  });

  it('leaves alone a change that keeps the focused control, and a control outside the screen (a dialog)', async () => {
    const { screen, outside } = page();
    stop = watchFocusAfterStep(refocus);
    document.getElementById('step')!.focus();
    screen.append(document.createElement('p'));
    outside.focus();
    outside.remove();
    await changes();
    expect(refocus).not.toHaveBeenCalled();
  });

  it('stops watching when stopped', async () => {
    const { step } = page();
    watchFocusAfterStep(refocus)();
    step.focus();
    step.remove();
    await changes();
    expect(refocus).not.toHaveBeenCalled();
  });
});
