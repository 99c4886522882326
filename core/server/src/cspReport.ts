// The endpoint the checkout's Content-Security-Policy reports violations to (CSP_REPORT_PATH): one JSON line
// per report on the log, bounded in size and rate, never echoing what a payer typed.
import { ClientError, mediaType, readBytes } from './body';
import { empty } from './respond';

/** Largest report body read, bytes: a browser's report is well under 4 KiB; a batch of them under this. */
export const MAX_REPORT_BYTES = 16 * 1024;
/** Reports logged per window at most; past it they are counted, and the count logged when the window ends. */
export const MAX_REPORTS_PER_WINDOW = 60;
/** The rate window, ms. */
export const REPORT_WINDOW_MS = 60_000;
/** Longest text kept of any field, characters. */
const MAX_FIELD_CHARS = 200;

/** The legacy `report-uri` body and the Reporting API's batch (Chromium's `report-to`). */
const CSP_REPORT = 'application/csp-report';
const REPORTS_JSON = 'application/reports+json';

/** One violation as it is logged. */
export interface LoggedViolation {
  event: 'csp-violation';
  /** The page, without its query (it names the payer's session). */
  document: string;
  directive: string;
  /** What was refused: an origin and path, or a keyword (inline, eval). */
  blocked: string;
  source?: string;
  line?: number;
  column?: number;
  disposition?: string;
}

/** A run of 12 to 19 digits, spaces or dashes allowed between them: what could be a card number. */
const PAN_LIKE = /\d(?:[ -]?\d){11,18}/g;

const text = (v: unknown) => (typeof v === 'string' ? v.replace(PAN_LIKE, '[digits]').slice(0, MAX_FIELD_CHARS) : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** A URL without its query and fragment (tokens, references, anything a payer typed); a keyword as it is. */
function bare(v: unknown): string {
  const s = typeof v === 'string' ? v : '';
  try {
    const u = new URL(s);
    return text(u.protocol === 'http:' || u.protocol === 'https:' ? `${u.origin}${u.pathname}` : u.protocol);
  } catch {
    return text(s.split(/[?#]/)[0]);
  }
}

/** One report's fields, from either format; undefined when it is not a CSP violation. */
function violationOf(body: Record<string, unknown>): LoggedViolation | undefined {
  const field = (...names: string[]) => names.map((n) => body[n]).find((v) => v !== undefined);
  const directive = text(field('effectiveDirective', 'effective-directive', 'violated-directive'));
  if (!directive) return undefined;
  const v: LoggedViolation = {
    event: 'csp-violation',
    document: bare(field('documentURL', 'document-uri')),
    directive: directive.split(' ')[0],
    blocked: bare(field('blockedURL', 'blocked-uri')),
  };
  const source = bare(field('sourceFile', 'source-file'));
  if (source) v.source = source;
  const line = num(field('lineNumber', 'line-number'));
  if (line !== undefined) v.line = line;
  const column = num(field('columnNumber', 'column-number'));
  if (column !== undefined) v.column = column;
  const disposition = text(field('disposition'));
  if (disposition) v.disposition = disposition;
  return v;
}

/** The violations in a body of either format (never a script sample or the whole policy). */
export function parseCspReports(type: string, json: unknown): LoggedViolation[] {
  if (type === CSP_REPORT || type === 'application/json') {
    const r = (json as { 'csp-report'?: unknown } | null)?.['csp-report'];
    const v = r && typeof r === 'object' ? violationOf(r as Record<string, unknown>) : undefined;
    return v ? [v] : [];
  }
  if (!Array.isArray(json)) return [];
  return json
    .filter(
      (r): r is { type: string; body: Record<string, unknown> } =>
        !!r && typeof r === 'object' && r.type === 'csp-violation' && !!r.body && typeof r.body === 'object',
    )
    .map((r) => violationOf(r.body))
    .filter((v): v is LoggedViolation => !!v);
}

async function readReport(req: Request): Promise<{ type: string; json: unknown }> {
  const type = mediaType(req);
  if (![CSP_REPORT, REPORTS_JSON, 'application/json'].includes(type)) throw new ClientError(415, 'Not a report');
  const bytes = await readBytes(req, MAX_REPORT_BYTES);
  try {
    return { type, json: JSON.parse(bytes.toString('utf8')) };
  } catch {
    throw new ClientError(400, 'Malformed report');
  }
}

/**
 * POST handler of the report endpoint: answers 204 to a report it read (logged or counted), 415 to another
 * type, 413 to a body over MAX_REPORT_BYTES, 400 to one that is not JSON. At most MAX_REPORTS_PER_WINDOW lines
 * per REPORT_WINDOW_MS reach the log: a page in a loop, or a flood, cannot fill it.
 */
export function createCspReportHandler({
  log = (line: string) => console.warn(line),
  now = Date.now,
}: {
  log?: (line: string) => void;
  now?: () => number;
} = {}) {
  let windowStart = now();
  let logged = 0;
  let dropped = 0;
  const roll = () => {
    if (now() - windowStart < REPORT_WINDOW_MS) return;
    if (dropped) log(JSON.stringify({ event: 'csp-violation-dropped', count: dropped, windowMs: REPORT_WINDOW_MS }));
    windowStart = now();
    logged = 0;
    dropped = 0;
  };
  return async (req: Request): Promise<Response> => {
    let violations: LoggedViolation[];
    try {
      const { type, json } = await readReport(req);
      violations = parseCspReports(type, json);
    } catch (e) {
      if (!(e instanceof ClientError)) throw e;
      // A body not read to the end cannot keep its connection.
      return empty(e.status, e.status === 413 ? { connection: 'close' } : {});
    }
    roll();
    for (const v of violations) {
      if (logged < MAX_REPORTS_PER_WINDOW) {
        logged++;
        log(JSON.stringify(v));
      } else dropped++;
    }
    return empty(204);
  };
}
