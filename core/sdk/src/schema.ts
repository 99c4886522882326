/**
 * @oja/sdk/schema: the schema of a payment request (CONTRACT §2) and of its result (CONTRACT §3), built with
 * valibot from the rules of src/payRules.ts. The checkout server checks `POST /pay` with it
 * (core/src/server/payRequest.ts), a merchant's server may check its requests with it, and the published JSON
 * Schemas (`@oja/sdk/pay-request.schema.json`, `@oja/sdk/result.schema.json`) are generated from it.
 */
import * as v from 'valibot';
import { PAY_FIELDS, PAY_RULES, RESULT_FIELDS, redirectUrlOptional } from './payRules';
import type { CheckoutResult, FieldIssue, FieldRule, PayField } from './payRules';

export {
  checkPayFields,
  declaredOrigin,
  DISPLAY_MODE_ALIASES,
  DISPLAY_MODES,
  displayModeOf,
  httpOrigin,
  isDisplayMode,
  isHttpOrigin,
  isHttpUrl,
  isPositiveAmount,
  MAX_TEXT_CHARS,
  MAX_TOKEN_CHARS,
  MAX_TOKEN_TYPE_CHARS,
  MAX_URL_CHARS,
  PAY_FIELDS,
  PAY_RULES,
  RESULT_FIELDS,
  redirectUrlOptional,
} from './payRules';
export type { CheckoutResult, DisplayMode, FieldIssue, FieldRule, PayField } from './payRules';

type TextSchema = v.GenericSchema<string>;

/** An object of one entry per key. */
const byKey = <K extends string, T>(keys: readonly K[], value: (key: K) => T) => Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, T>;

/** One field's rules as a valibot pipe, in the rules' order (max, pattern or values, check). */
function fieldSchema(field: string, rule: FieldRule): TextSchema {
  const invalid = rule.message ?? `${field} is invalid`;
  const actions: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [];
  if (rule.max !== undefined) actions.push(v.maxLength(rule.max, `${field} is too long`));
  if (rule.pattern) actions.push(v.regex(rule.pattern, invalid));
  if (rule.check) actions.push(v.check(rule.check[0], rule.check[1]));
  actions.push(v.description(rule.description));
  const base: TextSchema = rule.values ? v.picklist(rule.values, invalid) : v.string();
  return v.pipe(base, ...(actions as [])) as TextSchema;
}

/** Each pay field's schema: the optional ones may be left out. */
type PayEntries = { [F in PayField]: (typeof PAY_RULES)[F] extends { required: true } ? TextSchema : v.OptionalSchema<TextSchema, undefined> };

const RULES: Record<PayField, FieldRule> = PAY_RULES;

/** The pay fields of CONTRACT §2: each rule's message is the server's error for it. Other fields are dropped. */
export const payRequestSchema = v.object(
  byKey(PAY_FIELDS, (f) => (RULES[f].required ? fieldSchema(f, RULES[f]) : v.optional(fieldSchema(f, RULES[f])))) as PayEntries,
  // A required field left out (its path names it).
  (issue) => `${String(issue.path?.[0]?.key)} is required`,
);

/** The pay fields as text (trimmed, empty ones left out). */
export type PayRequestFields = v.InferOutput<typeof payRequestSchema>;

/** What each result field holds (CONTRACT §3), for the JSON Schema. */
const RESULT_DESCRIPTIONS: CheckoutResult = {
  payRef: "The checkout's payment reference.",
  txnref: "The request's txn_ref.",
  amount: 'The approved amount in minor units; 0 unless resp is 00.',
  apprAmt: 'The approved amount in minor units; 0 unless resp is 00.',
  resp: 'The response code: 00 success, Z6 cancelled, XS1 expired, …',
  desc: 'The response description.',
  retRef: 'The retrieval reference.',
  cardNum: 'The card number, masked, when a card paid.',
  mac: 'Message authentication code.',
  bpResp: 'Bill payment response code.',
  bpTrxnRef: 'Bill payment transaction reference.',
  rechPin: 'Recharge PIN, for a recharge.',
};

/** The result of CONTRACT §3: every field text; parsing keeps those fields only. */
export const checkoutResultSchema = v.object(byKey(RESULT_FIELDS, (f): TextSchema => v.pipe(v.string(), v.description(RESULT_DESCRIPTIONS[f]))));

/**
 * Every field's first broken rule, in field order, through the schema (the same answer as checkPayFields, which
 * the SDK runs without the library).
 */
export function schemaIssues(fields: Readonly<Record<string, string>>): FieldIssue[] {
  const { issues } = v.safeParse(payRequestSchema, fields, { abortPipeEarly: true });
  const optional = redirectUrlOptional(fields);
  return (issues ?? [])
    .map((issue) => ({ field: issue.path?.[0]?.key as PayField, message: issue.message }))
    .filter((i) => !(optional && i.field === 'site_redirect_url' && !Object.hasOwn(fields, 'site_redirect_url')));
}
