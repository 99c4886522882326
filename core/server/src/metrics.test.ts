// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createMemoryStore, StoreBusy, StoreUnavailable } from '@oja/store';
import { createMetrics } from './metrics';

/** One sample's value in the text format, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('Metrics (issue 32 part 5)', () => {
  it('each server has a registry of its own: two never share a count', async () => {
    const a = createMetrics({ processMetrics: false });
    const b = createMetrics({ processMetrics: false });
    a.request('/healthz', 200, 0.002);
    expect(sample(await a.registry.metrics(), 'oja_http_requests_total{route="/healthz",status="200"}')).toBe(1);
    expect(sample(await b.registry.metrics(), 'oja_http_requests_total{route="/healthz",status="200"}')).toBe(0);
    expect(await a.registry.metrics()).toContain('oja_http_request_duration_seconds_bucket{le="0.005",route="/healthz"} 1');
  });

  it('process metrics are optional, prefixed oja_', async () => {
    expect(await createMetrics().registry.metrics()).toContain('oja_process_cpu_user_seconds_total');
    expect(await createMetrics({ processMetrics: false }).registry.metrics()).not.toContain('process_cpu');
  });

  it('every pay result and store operation is a series from the start, at zero', async () => {
    const text = await createMetrics({ processMetrics: false }).registry.metrics();
    expect(sample(text, 'oja_payments_opened_total{result="invalid"}')).toBe(0);
    expect(text).toContain('oja_payments_opened_total{result="opened"} 0');
    expect(text).toContain('oja_store_errors_total{op="claimDue"} 0');
  });

  it("the store decorator times each operation and counts the store's failures, never the work under a lock", async () => {
    const metrics = createMetrics({ processMetrics: false });
    const inner = createMemoryStore({ maxEntries: 10 });
    const store = metrics.instrument(inner);
    expect(store.kind).toBe('memory');
    await store.set('k', 1, { ttlMs: 1_000 });
    expect(await store.get('k')).toBe(1);
    inner.get = () => Promise.reject(new StoreUnavailable('connection lost'));
    await expect(store.get('k')).rejects.toThrow('connection lost');
    await expect(store.withLock('l', () => Promise.reject(new Error('the work failed')))).rejects.toThrow('the work failed');
    inner.withLock = (key) => Promise.reject(new StoreBusy(key));
    await expect(store.withLock('l', async () => 1)).rejects.toThrow(StoreBusy);
    const text = await metrics.registry.metrics();
    expect(sample(text, 'oja_store_errors_total{op="get"}')).toBe(1);
    expect(sample(text, 'oja_store_errors_total{op="set"}')).toBe(0);
    expect(sample(text, 'oja_store_errors_total{op="withLock"}')).toBe(1);
    expect(sample(text, 'oja_store_operation_duration_seconds_count{op="get"}')).toBe(2);
    expect(sample(text, 'oja_store_operation_duration_seconds_count{op="set"}')).toBe(1);
    expect(sample(text, 'oja_store_operation_duration_seconds_count{op="withLock"}')).toBe(2);
    await store.close();
  });
});
