import { proxy } from 'valtio';

export type SlotStatus = 'idle' | 'pending' | 'success' | 'error';

/** One asynchronous action's state (spec core §4 "Async cycle"). */
export interface AsyncSlot<T> {
  status: SlotStatus;
  response: T | null;
  error: Error | null;
}

export function createAsyncSlot<T>(): AsyncSlot<T> {
  return proxy<AsyncSlot<T>>({ status: 'idle', response: null, error: null });
}

/**
 * Runs an action through the slot: pending, then success (response stored, error cleared) or error (error
 * stored, pending cleared). A run superseded by a later run or a reset leaves the slot alone.
 */
export async function runSlot<T>(slot: AsyncSlot<T>, action: () => Promise<T>): Promise<T | undefined> {
  const token = {};
  runs.set(slot, token);
  slot.status = 'pending';
  slot.error = null;
  try {
    const response = await action();
    if (runs.get(slot) !== token) return undefined;
    slot.response = response as never;
    slot.status = 'success';
    return response;
  } catch (e) {
    if (runs.get(slot) !== token) return undefined;
    slot.error = e instanceof Error ? e : new Error(String(e));
    slot.status = 'error';
    return undefined;
  }
}

export function resetSlot<T>(slot: AsyncSlot<T>): void {
  runs.delete(slot);
  slot.status = 'idle';
  slot.response = null;
  slot.error = null;
}

const runs = new WeakMap<object, object>();
