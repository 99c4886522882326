/**
 * The published JSON Schemas (`@oja/sdk/pay-request.schema.json`, `@oja/sdk/result.schema.json`), generated from
 * the schema by the SDK's build (core/sdk/build.mjs); src/jsonSchema.test.ts checks the committed files are current.
 * Not part of the SDK's runtime.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { ConversionConfig, JsonSchema } from '@valibot/to-json-schema';
import { checkoutResultSchema, isHttpOrigin, isHttpUrl, isPositiveAmount, payRequestSchema } from './schema';

/** The published files, by name in the package. */
export const JSON_SCHEMA_FILES = { 'pay-request.schema.json': 'payRequest', 'result.schema.json': 'result' } as const;

/** The two rules no regular expression states, in JSON Schema's words. */
const config: ConversionConfig = {
  target: 'draft-07',
  overrideAction({ valibotAction, jsonSchema }) {
    if (valibotAction.type !== 'check') return undefined;
    const requirement = 'requirement' in valibotAction ? valibotAction.requirement : undefined;
    // Digits already; positive means not all zeros.
    if (requirement === isPositiveAmount) return { ...jsonSchema, not: { pattern: '^0+$' } };
    if (requirement === isHttpUrl) return { ...jsonSchema, format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?:' };
    // An origin as the browser writes it: scheme and host (and port), nothing after.
    if (requirement === isHttpOrigin) return { ...jsonSchema, pattern: '^https?://[^/?#\\s]+$' };
    throw new Error('A check of the pay request has no JSON Schema form: add it here.');
  },
};

/** `POST /pay` (CONTRACT §2) and the result (CONTRACT §3) as JSON Schema (draft-07). */
export function jsonSchemas(): { payRequest: JsonSchema; result: JsonSchema } {
  const payRequest = toJsonSchema(payRequestSchema, config);
  return {
    payRequest: {
      ...payRequest,
      // site_redirect_url is required unless an INLINE or POPUP request names its opener (redirectUrlOptional).
      required: payRequest.required?.filter((f) => f !== 'site_redirect_url'),
      if: { type: 'object', properties: { display_mode: { enum: ['INLINE', 'POPUP'] } }, required: ['display_mode', 'opener_origin'] },
      else: { type: 'object', required: ['site_redirect_url'] },
      title: 'Oja Checkout POST /pay',
      description:
        'The pay fields of POST /pay (application/x-www-form-urlencoded, or the query of GET /pay), each as text, trimmed; an empty field counts as missing. The sandbox reads further fields (CONTRACT §2); any other field is ignored. The checkout also refuses a currency it does not know.',
      additionalProperties: { type: 'string' },
    },
    result: {
      ...toJsonSchema(checkoutResultSchema, config),
      title: 'Oja Checkout result',
      description:
        'The result sent to the merchant: a form POST to site_redirect_url (REDIRECT), or the data of the COMPLETED message (INLINE, POPUP).',
    },
  };
}

/** A file's text as committed and published: two-space JSON and a final newline. */
export const jsonSchemaText = (schema: JsonSchema): string => `${JSON.stringify(schema, null, 2)}\n`;
