import { GateRefusal } from '@oja/core';
import type { GateAcceptance } from '@oja/core';
import { storeCashback } from './api';
import { messages } from './messages';
import { cashbackValue } from './rules';

/**
 * The gate's acceptance, made by the checkout server for the page's session (GatePlugin.onAccept, server builds): the
 * payment is the session's, so a payer can opt in only their own payment, whatever id they know of another's. The
 * value is checked again here: the page's check helps the payer, this one is the rule.
 */
export async function optIn({ props, http, fields, signal }: GateAcceptance): Promise<void> {
  const read = cashbackValue(fields.value ?? '');
  if (!read.ok) throw new GateRefusal(read.problem === 'cashback.required' ? messages.en.cashback.required : messages.en.cashback.invalid);
  await storeCashback(http, props, read.value, signal);
}
