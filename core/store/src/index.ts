export * from './store';
export { createMemoryStore, MEMORY_SWEEP_MS } from './memoryStore';
export type { MemoryStoreOptions } from './memoryStore';
