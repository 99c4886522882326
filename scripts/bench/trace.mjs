// Where a first screen's main-thread time goes: cold loads under the bench's throttling (pageperf.mjs's profile,
// a 412×823 touch screen), each traced (Chrome's timeline and V8's sampling profiler), and the long tasks (50 ms
// or more on the page's main thread) of every load split by what ran in them: the HTML's parsing, each script's
// compilation and evaluation, style and layout, paint, garbage collection, timers and events, and the JavaScript
// sampled in them by script. Medians over the runs.
// Usage: node scripts/bench/trace.mjs --url <checkout URL> [--runs 5] [--profile slow4g] [--settle-ms 3000] [--js]
//          [--tap <selector>] [--json out.json]
//   --tap: taps the element once it is on screen, as the bench does (the work a tap starts is then counted too).
//   --js: samples the JavaScript too, by script (V8's sampler costs the first task about 45 ms of its own).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '../bin/chromium.mjs';
import { launchThrottled } from './waterfall.mjs';

/** A task on the main thread at least this long is a long task (the Long Tasks API's threshold). */
export const LONG_TASK_MS = 50;
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink', 'loading'];
/** V8's sampler, with --js: which script the long tasks ran (it adds about 45 ms of its own to the first task). */
const JS_CATEGORY = 'disabled-by-default-v8.cpu_profiler';
/** Chromium's names for the work inside a task, grouped as the report shows them. */
const KINDS = new Map([
  ['ParseHTML', 'parse HTML'],
  ['ParseAuthorStyleSheet', 'parse CSS'],
  ['EvaluateScript', 'evaluate script'],
  ['v8.evaluateModule', 'evaluate script'],
  ['v8.compile', 'compile script'],
  ['v8.compileModule', 'compile script'],
  ['V8.CompileCode', 'compile script'],
  ['v8.produceModuleCache', 'compile script'],
  ['FunctionCall', 'JavaScript (callbacks)'],
  ['TimerFire', 'JavaScript (callbacks)'],
  ['FireAnimationFrame', 'JavaScript (callbacks)'],
  ['RunMicrotasks', 'JavaScript (callbacks)'],
  ['EventDispatch', 'JavaScript (callbacks)'],
  ['V8.GCFinalizeMC', 'garbage collection'],
  ['MajorGC', 'garbage collection'],
  ['MinorGC', 'garbage collection'],
  ['V8.GC_SCAVENGER', 'garbage collection'],
  ['BlinkGC.AtomicPhase', 'garbage collection'],
  ['UpdateLayoutTree', 'style and layout'],
  ['Layout', 'style and layout'],
  ['RecalculateStyles', 'style and layout'],
  ['Paint', 'paint'],
  ['PrePaint', 'paint'],
  ['Layerize', 'paint'],
  ['UpdateLayer', 'paint'],
  ['Commit', 'paint'],
]);

const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : 0;
};

/** The renderer main thread of the traced page: the CrRendererMain thread that ran the most tasks. */
function mainThread(events) {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best;
  let most = -1;
  for (const t of names) {
    const n = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').length;
    if (n > most) {
      most = n;
      best = { pid: t.pid, tid: t.tid };
    }
  }
  return best;
}

/** The script a trace event ran, when the event names one. */
const scriptUrl = (e) => e.args?.data?.url || e.args?.data?.scriptName || '';

/** A script's short name for the report: its file under the server, or "inline". */
export function scriptName(url) {
  if (!url) return '(native or idle)';
  try {
    const u = new URL(url);
    return u.pathname.split('/').pop() || u.pathname;
  } catch {
    return url.slice(0, 60);
  }
}

/**
 * Splits the long tasks of one trace: each one's self time by kind of work (the innermost known event wins), and the
 * JavaScript sampled within them by script. Times in ms.
 */
export function summariseTrace(events) {
  const main = mainThread(events);
  if (!main) return { longTasks: [], byKind: {}, byScript: {}, totalMs: 0, busyMs: 0, compileMs: 0, evaluateMs: 0 };
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const navStart = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? onMain[0]?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur >= LONG_TASK_MS * 1000);
  const known = onMain.filter((e) => KINDS.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const byKind = {};
  const longTasks = [];
  for (const t of tasks) {
    const end = t.ts + t.dur;
    const inside = known.filter((e) => e.ts >= t.ts && e.ts + e.dur <= end);
    // Self time per kind: a nested known event's time is taken from its parent's.
    const self = new Map();
    const stack = [];
    const kinds = {};
    for (const e of inside) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) self.set(parent, (self.get(parent) ?? parent.dur) - e.dur);
      self.set(e, e.dur);
      stack.push(e);
    }
    let attributed = 0;
    for (const [e, us] of self) {
      const kind = KINDS.get(e.name);
      kinds[kind] = (kinds[kind] ?? 0) + us / 1000;
      attributed += us / 1000;
    }
    kinds.other = Math.max(0, t.dur / 1000 - attributed);
    for (const [k, ms] of Object.entries(kinds)) byKind[k] = (byKind[k] ?? 0) + ms;
    const script = inside.find((e) => e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'FunctionCall');
    longTasks.push({
      startMs: (t.ts - navStart) / 1000,
      durationMs: t.dur / 1000,
      first: script ? [script.name, scriptUrl(script) && scriptName(scriptUrl(script))].filter(Boolean).join(' ') : (inside[0]?.name ?? 'RunTask'),
      kinds,
    });
  }
  // Sampled JavaScript inside the long tasks, by script (V8's ProfileChunk events carry nodes, samples and deltas).
  const byScript = {};
  const nodes = new Map();
  let t = null;
  for (const e of events.filter((x) => x.name === 'ProfileChunk' && x.pid === main.pid).sort((a, b) => a.ts - b.ts)) {
    const cp = e.args?.data?.cpuProfile;
    for (const n of cp?.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (cp?.samples ?? []).forEach((id, i) => {
      t = (t ?? e.ts) + (deltas[i] ?? 0);
      const prev = t - (deltas[i] ?? 0);
      const inLong = tasks.some((k) => t >= k.ts && t <= k.ts + k.dur);
      if (!inLong) return;
      const frame = nodes.get(id)?.callFrame;
      const name = frame ? scriptName(frame.url) : '(unknown)';
      byScript[name] = (byScript[name] ?? 0) + (t - prev) / 1000;
    });
  }
  // The main thread's busy time over the whole load (every task, long or not): its CPU time, under the throttling.
  const busyMs = onMain.filter((e) => e.name === 'RunTask').reduce((s, e) => s + e.dur, 0) / 1000;
  const sumOf = (names) => onMain.filter((e) => names.includes(e.name)).reduce((s, e) => s + e.dur, 0) / 1000;
  return {
    longTasks,
    byKind,
    byScript,
    totalMs: longTasks.reduce((s, x) => s + x.durationMs, 0),
    busyMs,
    compileMs: sumOf(['v8.compileModule', 'v8.compile']),
    evaluateMs: sumOf(['v8.evaluateModule', 'EvaluateScript']),
  };
}

/**
 * One traced cold load of `o.url` in a fresh Chromium throttled by `o.profile` (waterfall.mjs's launchThrottled, the
 * bench's phone), tapping `o.tap` the moment it is on screen; the trace read through the page's CDP session.
 */
export async function traceOnce(o) {
  const { page, cdp, throttle, close } = await launchThrottled({ url: o.url, chromium: o.chromium, profile: o.profile });
  try {
    await throttle();
    // As pageperf does: a navigation away from the measured page is cancelled, so that what follows a tap stays
    // in the trace (a link's navigation before the scripts ran, or the page's own after them).
    await page.addInitScript(() => {
      window.navigation?.addEventListener('navigate', (e) => {
        if (!e.destination.sameDocument && e.cancelable) e.preventDefault();
      });
    });
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: o.js ? [...CATEGORIES, JS_CATEGORY] : CATEGORIES },
    });
    await page.goto(o.url, { waitUntil: 'commit' });
    if (o.tap) {
      // At once, the moment it is on screen, as the bench's thumb does.
      const target = page.locator(o.tap).first();
      await target.waitFor({ state: 'visible' });
      const box = await target.boundingBox();
      if (box) await page.touchscreen.tap(box.x + Math.min(box.width / 2, 40), box.y + Math.min(box.height / 2, 20));
    }
    await page.waitForLoadState('load');
    await page.waitForTimeout(o.settleMs);
    await cdp.send('Tracing.end');
    await complete;
    return summariseTrace(events);
  } finally {
    await close();
  }
}

/** Medians over runs: total long-task time, then each kind's and each script's share. */
export function medianSummary(runs) {
  const keys = (f) => [...new Set(runs.flatMap((r) => Object.keys(f(r))))];
  const med = (f) => Object.fromEntries(keys(f).map((k) => [k, median(runs.map((r) => f(r)[k] ?? 0))]));
  return {
    runs: runs.length,
    longTaskMs: median(runs.map((r) => r.totalMs)),
    longTasks: median(runs.map((r) => r.longTasks.length)),
    busyMs: median(runs.map((r) => r.busyMs ?? 0)),
    compileMs: median(runs.map((r) => r.compileMs ?? 0)),
    evaluateMs: median(runs.map((r) => r.evaluateMs ?? 0)),
    byKind: med((r) => r.byKind),
    byScript: med((r) => r.byScript),
  };
}

export function summaryTable(s) {
  const rows = (o) =>
    Object.entries(o)
      .filter(([, ms]) => ms >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([k, ms]) => `| ${k} | ${Math.round(ms)} |`);
  // The sampled scripts only when the loads were sampled (--js): the bench's traced loads are not.
  const scripts = rows(s.byScript);
  return [
    `Long tasks: ${Math.round(s.longTaskMs)} ms in ${s.longTasks}; main thread busy ${Math.round(s.busyMs)} ms, compiling scripts ${Math.round(s.compileMs)} ms, evaluating them ${Math.round(s.evaluateMs)} ms (medians of ${s.runs} loads)`,
    '',
    '| work in the long tasks | ms |',
    '|---|---:|',
    ...rows(s.byKind),
    ...(scripts.length ? ['', '| JavaScript sampled in them, by script | ms |', '|---|---:|', ...scripts] : []),
  ].join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const get = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const url = get('--url');
  if (!url) {
    console.error('usage: node scripts/bench/trace.mjs --url <checkout URL> [--runs 5] [--tap SEL] [--json out.json]');
    process.exit(2);
  }
  const o = {
    url,
    chromium: findChromium(),
    profile: get('--profile', 'slow4g'),
    tap: get('--tap'),
    js: args.includes('--js'),
    settleMs: Number(get('--settle-ms', '3000')),
  };
  const runs = [];
  for (let i = 0; i < Number(get('--runs', '5')); i++) {
    const r = await traceOnce(o);
    console.error(
      `trace: run ${i + 1}: long tasks ${Math.round(r.totalMs)} ms in ${r.longTasks.length}: ${r.longTasks.map((t) => `${Math.round(t.startMs)}+${Math.round(t.durationMs)} ${t.first}`).join('; ')}`,
    );
    runs.push(r);
  }
  const s = medianSummary(runs);
  console.log(summaryTable(s));
  const json = get('--json');
  if (json) fs.writeFileSync(json, JSON.stringify({ summary: s, runs }, null, 2));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
