// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LONG_TASK_MS, medianSummary, scriptName, summariseTrace, summaryTable } from './trace.mjs';

const PID = 7;
const MAIN = 1;
/** A complete event on the page's main thread, times in ms from 0 (the trace counts µs). */
const x = (name: string, startMs: number, durMs: number, args: object = {}) => ({
  ph: 'X',
  pid: PID,
  tid: MAIN,
  name,
  ts: startMs * 1000,
  dur: durMs * 1000,
  args,
});
const thread = (tid: number, name: string) => ({ ph: 'M', pid: PID, tid, name: 'thread_name', args: { name } });

describe('summariseTrace', () => {
  const events = [
    thread(MAIN, 'CrRendererMain'),
    thread(2, 'Compositor'),
    { ph: 'R', pid: PID, tid: MAIN, name: 'navigationStart', ts: 0 },
    // A short task: busy time, not a long task.
    x('RunTask', 10, 20),
    x('ParseHTML', 10, 15),
    // A long task: the module's evaluation with a layout forced inside it.
    x('RunTask', 100, 120),
    x('v8.evaluateModule', 100, 100, { data: { url: 'http://127.0.0.1/assets/chunk-A.js' } }),
    x('Layout', 150, 30),
    x('v8.compileModule', 210, 5),
    // Another thread's work is not the page's main thread's.
    { ...x('RunTask', 300, 500), tid: 2 },
  ];
  const s = summariseTrace(events);

  it('finds the long tasks on the main thread only, and splits each by kind of work (the innermost event wins)', () => {
    expect(s.longTasks).toHaveLength(1);
    expect(s.longTasks[0]).toMatchObject({ startMs: 100, durationMs: 120, first: 'v8.evaluateModule chunk-A.js' });
    expect(s.byKind['evaluate script']).toBe(70);
    expect(s.byKind['style and layout']).toBe(30);
    expect(s.byKind['compile script']).toBe(5);
    expect(s.byKind.other).toBe(15);
    expect(s.totalMs).toBe(120);
  });

  it("counts the main thread's busy time over every task, and the time compiling and evaluating scripts", () => {
    expect(s.busyMs).toBe(140);
    expect(s.compileMs).toBe(5);
    expect(s.evaluateMs).toBe(100);
  });

  it('uses the threshold of the Long Tasks API', () => {
    expect(LONG_TASK_MS).toBe(50);
    expect(summariseTrace([thread(MAIN, 'CrRendererMain'), x('RunTask', 0, 49.9)]).longTasks).toEqual([]);
  });
});

describe('medianSummary and its table', () => {
  const run = (total: number, evaluate: number) => ({
    longTasks: [{ startMs: 0, durationMs: total, first: '', kinds: {} }],
    byKind: { 'evaluate script': evaluate },
    byScript: {},
    totalMs: total,
    busyMs: total * 2,
    compileMs: 1,
    evaluateMs: evaluate,
  });
  it('takes the median of each figure over the loads', () => {
    const m = medianSummary([run(100, 50), run(300, 90), run(200, 60)]);
    expect(m).toMatchObject({ runs: 3, longTaskMs: 200, busyMs: 400, evaluateMs: 60 });
    expect(m.byKind['evaluate script']).toBe(60);
    expect(summaryTable(m)).toContain('| evaluate script | 60 |');
    // Loads traced without the sampler have no scripts to show: no empty table.
    expect(summaryTable(m)).not.toContain('by script');
    expect(summaryTable({ ...m, byScript: { 'chunk-A.js': 12 } })).toContain('| chunk-A.js | 12 |');
  });
});

describe('scriptName', () => {
  it("names a script by its file, and JavaScript without one as V8's own", () => {
    expect(scriptName('http://127.0.0.1:4400/assets/chunk-A.js')).toBe('chunk-A.js');
    expect(scriptName('')).toBe('(native or idle)');
  });
});
