/**
 * Why a pay request was refused (Incorrect Transaction), told to the merchant and never to the payer (CONTRACT §6):
 * the fields refused and a short reason, both the checkout's own words or the collections API's code. No value the
 * merchant sent is ever repeated.
 */
export interface Refusal {
  /** The pay fields refused, in field order; UNKNOWN_FIELD when no one field is to blame. */
  fields: readonly string[];
  /** The rules they broke (the schema's messages), or what refused the request. */
  reason: string;
}

/** The response header naming the refused fields, comma-separated (CONTRACT §6). */
export const REFUSED_FIELD_HEADER = 'x-oja-refused-field';
/** The response header with the reason: the broken rules, `; `-separated. */
export const REFUSED_REASON_HEADER = 'x-oja-refused-reason';
/** The refused "field" when none is to blame: the collections API's refusal, or a body that could not be read. */
export const UNKNOWN_FIELD = 'unknown';
/** Longest reason sent or logged, characters (a header, not a document). */
export const MAX_REASON_CHARS = 200;

/** The fields of a request parsePayRequest refused, and their rules. */
export const refusalOfIssues = (issues: ReadonlyArray<{ field: string; message: string }>): Refusal => ({
  fields: issues.map((i) => i.field),
  reason: issues.map((i) => i.message).join('; '),
});

/** The collections API refused the request with its own code: no field is named, the code is. */
export const refusalOfApi = (code: string, description: string): Refusal => ({
  fields: [UNKNOWN_FIELD],
  reason: `collections API code ${code}${description ? `: ${description}` : ''}`,
});

/** Printable ASCII only, at most `max` characters: safe in a header, a log line and an HTML comment. */
function ascii(text: string, max: number): string {
  return text
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[<>]|--/g, ' ')
    .trim()
    .slice(0, max);
}

/** The two response headers of a refusal. */
export function refusalHeaders(r: Refusal): Record<string, string> {
  return {
    [REFUSED_FIELD_HEADER]: ascii(r.fields.join(', '), MAX_REASON_CHARS),
    [REFUSED_REASON_HEADER]: ascii(r.reason, MAX_REASON_CHARS),
  };
}

/**
 * The refusal in the page's markup for a developer reading its source, as an HTML comment: never shown, so the
 * payer's screen keeps the spec's wording.
 */
export function refusalComment(r: Refusal): string {
  const h = refusalHeaders(r);
  return `<!-- ${REFUSED_FIELD_HEADER}: ${h[REFUSED_FIELD_HEADER]}; ${REFUSED_REASON_HEADER}: ${h[REFUSED_REASON_HEADER]} -->`;
}
