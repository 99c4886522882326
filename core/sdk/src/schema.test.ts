import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPayFields, displayModeOf, MAX_TEXT_CHARS, MAX_TOKEN_CHARS, MAX_URL_CHARS, PAY_FIELDS } from './payRules';
import { checkoutResultSchema, payRequestSchema, schemaIssues } from './schema';
import { SAMPLE_RESULT } from './fixtures';
import { JSON_SCHEMA_FILES, jsonSchemas, jsonSchemaText } from './jsonSchema';
import type { JsonSchema } from '@valibot/to-json-schema';
import { safeParse } from 'valibot';

const valid: Record<string, string> = {
  merchant_code: 'M_1',
  pay_item_id: 'ITEM.2',
  txn_ref: 'ORDER:3',
  amount: '1',
  currency: '840',
  site_redirect_url: 'http://127.0.0.1:4401/return',
};

/** Values that meet or break some rule of some field; `undefined` leaves the field out. */
const VALUES = [
  undefined,
  'a b',
  '<script>',
  'MX_DEMO',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(MAX_TEXT_CHARS),
  'x'.repeat(MAX_TEXT_CHARS + 1),
  'x'.repeat(MAX_TOKEN_CHARS + 1),
  '0',
  '000',
  '1',
  '150000',
  '999999999999999',
  '1234567890123456',
  '12.5',
  '-5',
  '1e5',
  '566',
  '56',
  'NGN',
  'https://shop.example/return',
  'http://127.0.0.1:4401/return',
  'javascript:alert(1)',
  'ftp://x',
  '/return',
  '//shop.example/return',
  'not a url',
  `https://shop.example/${'a'.repeat(MAX_URL_CHARS)}`,
  'ada@example.com',
  'ada@',
  'a@b@c',
  'ada @example.com',
  'INLINE',
  'POPUP',
  'REDIRECT',
  'MODAL',
];

const requestWith = (field: string, value: string | undefined) => {
  const fields = { ...valid };
  if (value === undefined) delete fields[field];
  else fields[field] = value;
  return fields;
};

describe('the pay rules and the schema built from them', () => {
  it('give the same answer for every field and value: the SDK and the server refuse the same requests with the same words', () => {
    for (const field of PAY_FIELDS) {
      for (const value of VALUES) {
        const fields = requestWith(field, value);
        expect(schemaIssues(fields), `${field}=${value?.slice(0, 20)}`).toEqual(checkPayFields(fields));
      }
    }
    expect(schemaIssues({})).toEqual(checkPayFields({}));
    expect(checkPayFields({}).map((i) => i.field)).toEqual(['merchant_code', 'pay_item_id', 'txn_ref', 'amount', 'currency', 'site_redirect_url']);
  });

  it('names each broken rule once per field, the first in order', () => {
    expect(checkPayFields(requestWith('cust_email', `${'x'.repeat(MAX_TEXT_CHARS)}@b`))).toEqual([
      { field: 'cust_email', message: 'cust_email is too long' },
    ]);
    expect(checkPayFields(requestWith('amount', '0'))).toEqual([{ field: 'amount', message: 'amount must be positive' }]);
    expect(checkPayFields({ ...valid, display_mode: 'MODAL', evil: 'x' })).toEqual([
      { field: 'display_mode', message: 'display_mode must be REDIRECT, INLINE or POPUP' },
    ]);
  });

  it.each([
    ['PAGE', 'REDIRECT'],
    ['page', 'REDIRECT'],
    [' Page ', 'REDIRECT'],
    ['redirect', 'REDIRECT'],
    ['INLINE', 'INLINE'],
    ['Inline', 'INLINE'],
    ['popup', 'POPUP'],
  ])("reads display_mode %j as %s (any case; PAGE is Interswitch's REDIRECT)", (sent, mode) => {
    expect(displayModeOf(sent)).toBe(mode);
  });

  it.each(['MODAL', 'IFRAME', 'PAGES', '', 'toString', '__proto__'])('knows no display_mode %j', (sent) => {
    expect(displayModeOf(sent)).toBeUndefined();
  });

  it('parses to the pay fields alone, and a result to its fields alone', () => {
    expect(safeParse(payRequestSchema, { ...valid, channels: 'CARD' }).output).toEqual(valid);
    const result = { ...SAMPLE_RESULT };
    expect(safeParse(checkoutResultSchema, { ...result, extra: 'x' }).output).toEqual(result);
    expect(safeParse(checkoutResultSchema, { ...result, resp: 0 }).success).toBe(false);
  });
});

/** What the published JSON Schemas use of JSON Schema, checked by hand (no validator dependency for four keywords). */
function meets(schema: JsonSchema | boolean, value: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  if (schema.type === 'object') {
    if (!value || typeof value !== 'object') return false;
    const record = value as Record<string, unknown>;
    if (!(schema.required ?? []).every((k) => k in record)) return false;
    if (schema.if !== undefined) {
      const branch = meets(schema.if, value) ? schema.then : schema.else;
      if (branch !== undefined && !meets(branch, value)) return false;
    }
    return Object.entries(record).every(([k, v]) => {
      const own = schema.properties?.[k] ?? schema.additionalProperties;
      return own === undefined || meets(own, v);
    });
  }
  if (schema.type === 'string' && typeof value !== 'string') return false;
  const text = String(value);
  if (schema.maxLength !== undefined && text.length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(text)) return false;
  if (schema.enum && !schema.enum.includes(text)) return false;
  if (schema.not && meets(schema.not, value)) return false;
  return true;
}

describe('the published JSON Schemas', () => {
  const { payRequest, result } = jsonSchemas();

  it('accept and refuse the requests the rules accept and refuse', () => {
    for (const field of PAY_FIELDS) {
      for (const value of VALUES) {
        const fields = requestWith(field, value);
        expect(meets(payRequest, fields), `${field}=${value?.slice(0, 20)}`).toBe(checkPayFields(fields).length === 0);
      }
    }
  });

  it('need site_redirect_url unless an INLINE or POPUP request names its opener_origin (CONTRACT §6)', () => {
    const { site_redirect_url: _url, ...base } = requestWith('cust_name', undefined);
    const cases: [Record<string, string>, boolean][] = [
      [base, false],
      [{ ...base, display_mode: 'REDIRECT', opener_origin: 'https://shop.example' }, false],
      [{ ...base, display_mode: 'INLINE' }, false],
      [{ ...base, display_mode: 'INLINE', opener_origin: 'https://shop.example' }, true],
      [{ ...base, display_mode: 'POPUP', opener_origin: 'http://127.0.0.1:4401' }, true],
      [{ ...base, display_mode: 'POPUP', opener_origin: 'https://shop.example/return' }, false],
      [{ ...base, display_mode: 'POPUP', opener_origin: 'javascript:alert(1)' }, false],
    ];
    for (const [fields, ok] of cases) {
      const label = JSON.stringify(fields);
      expect(checkPayFields(fields).length === 0, label).toBe(ok);
      expect(schemaIssues(fields).length === 0, label).toBe(ok);
      expect(meets(payRequest, fields), label).toBe(ok);
    }
  });

  it('state the result: every field text', () => {
    const ok = { ...SAMPLE_RESULT };
    expect(meets(result, ok)).toBe(true);
    expect(meets(result, { ...ok, amount: 100 })).toBe(false);
    const { rechPin: _left, ...short } = ok;
    expect(meets(result, short)).toBe(false);
  });

  it('are current: the files the package publishes are what the schema generates (rebuild: node core/sdk/build.mjs)', () => {
    const schemas = jsonSchemas();
    for (const [file, key] of Object.entries(JSON_SCHEMA_FILES)) {
      expect(fs.readFileSync(path.join(import.meta.dirname, '..', file), 'utf8'), file).toBe(jsonSchemaText(schemas[key]));
    }
  });
});
