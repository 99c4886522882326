import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Unmount what a test rendered, so the next test starts from an empty document.
afterEach(() => cleanup());
