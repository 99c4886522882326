import { useEffect } from 'react';

/** What has hydrated so far: the shell, and the boundary of the screen the server rendered. */
const parts = new Set<'shell' | 'screen'>();

/**
 * Marks the document live (`html[data-hydrated]`) once both the shell and the first screen have hydrated. A lazy
 * screen hydrates inside its own Suspense boundary, which React may finish after the shell's effects ran; a tap
 * on it before then is lost, so the mark waits for it. Tests (and anyone curious) read the mark.
 */
export function markHydrated(part: 'shell' | 'screen'): void {
  parts.add(part);
  if (parts.has('shell') && parts.has('screen') && typeof document !== 'undefined') document.documentElement.dataset.hydrated = 'true';
}

/** Rendered inside a screen's boundary: its effect runs once that boundary is hydrated (or client-rendered). */
export function ScreenHydrated() {
  useEffect(() => markHydrated('screen'), []);
  return null;
}
