/**
 * Builds @oja/sdk (core/sdk/build.mjs): dist/ and, unless `writeJsonSchemas` is false, the JSON Schemas; `changed`
 * when a JSON Schema file was rewritten.
 */
export function buildSdk(options?: { writeJsonSchemas?: boolean }): Promise<{ dist: string; changed: boolean }>;
