import { useEffect, useRef } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { CODE_EXPIRED, complete, completeIfPaid, isRefusedAsPaid, registerMessages, useChannel, useCheckout } from '@oja/core';
import { createAsyncSlot, resetSlot, runSlot, useCountdown, useStatusPolling } from '@oja/core/primitives';
import type { AsyncSlot } from '@oja/core/primitives';
import { generateCode, loadIssuers } from './api';
import type { Issuer, UssdCode } from './api';
import { BankChoice } from './BankChoice';
import { DialCode } from './DialCode';
import { PushPrompt } from './PushPrompt';
import { AUTO_COMPLETE_GRACE_MS } from './constants';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** Where the payer is: choosing a bank, approving a prompt sent to the phone, or dialling the code. */
export type UssdStage = 'bank' | 'push' | 'dial';

/** One visit's state (spec core §3 "Async slots": USSD issuers, generated response; the status is the poller's). */
export function createUssdState() {
  return proxy({
    issuers: createAsyncSlot<Issuer[]>(),
    code: createAsyncSlot<UssdCode>(),
    /** The prompt sent again from the push screen. */
    resend: createAsyncSlot<UssdCode>(),
    /** The chosen bank's CBN code ('' for none); kept when the payer goes back to change it. */
    bankCode: '',
    stage: 'bank' as UssdStage,
  });
}
export type UssdState = ReturnType<typeof createUssdState>;

/** The chosen bank's name, for the texts. */
export function bankNameOf(issuers: readonly Issuer[] | null, bankCode: string): string {
  return issuers?.find((i) => i.cbnCode === bankCode)?.name ?? bankCode;
}

/**
 * USSD (spec core §4 "USSD"): load the banks, choose one, generate its code, then poll the status every 20 s
 * while the payer dials the code (or approves the prompt sent to the phone).
 */
export default function UssdScreen() {
  const c = useCheckout();
  const plugin = useChannel();
  const local = useRef<UssdState>(undefined);
  local.current ??= createUssdState();
  const state = local.current;
  const snap = useSnapshot(state);
  const call = useRef<AbortController>(undefined);

  /** One call at a time: a new one, going back or leaving the screen cancels the one before. */
  const run = <T,>(slot: AsyncSlot<T>, action: (signal: AbortSignal) => Promise<T>) => {
    call.current?.abort();
    const ctrl = (call.current = new AbortController());
    return runSlot(slot, () => action(ctrl.signal));
  };
  const loadBanks = () => void run(state.issuers, (signal) => loadIssuers(c.http, signal));
  const generate = () => {
    // A second press while the code is on its way sends nothing (a second prompt to the phone, too).
    if (state.code.status === 'pending') return;
    void run(state.code, (signal) => generateCode(c.http, c.state.props, state.bankCode, signal)).then((code) => {
      if (code) state.stage = code.pushSent ? 'push' : 'dial';
      // Approved before "Change bank": no new code, the approval completes the payment (else the message says paid).
      else if (isRefusedAsPaid(state.code.error)) void completeIfPaid(c, plugin);
    });
  };
  const resend = () => {
    if (state.resend.status === 'pending') return;
    void run(state.resend, (signal) => generateCode(c.http, c.state.props, state.bankCode, signal)).then((code) => {
      if (code) state.code.response = code;
    });
  };
  const changeBank = () => {
    call.current?.abort();
    resetSlot(state.code);
    resetSlot(state.resend);
    state.stage = 'bank';
  };

  useEffect(() => {
    loadBanks();
    return () => call.current?.abort();
    // Loaded once per visit; Retry loads again.
  }, []);

  const waiting = snap.stage !== 'bank';
  const code = snap.code.response as UssdCode | null;
  const validUntil = waiting && code?.validityPeriodMins ? code.generatedAt + code.validityPeriodMins * 60_000 : null;
  // Past the code's validity and its grace the payer stops waiting: the payment completes as expired.
  const graceLeft = useCountdown(validUntil === null ? null : validUntil + AUTO_COMPLETE_GRACE_MS, () => complete(c, CODE_EXPIRED));
  const validityLeft = validUntil === null ? undefined : Math.max(0, graceLeft - AUTO_COMPLETE_GRACE_MS);
  // Both waiting screens share one poller: switching between them keeps its 20 s rhythm.
  const polling = useStatusPolling(plugin, waiting);

  const bankName = bankNameOf(snap.issuers.response, snap.bankCode);
  if (waiting && code) {
    const shared = { bankName, validityLeft, failures: polling.failures, onChangeBank: changeBank };
    if (snap.stage === 'push') {
      return <PushPrompt {...shared} resend={snap.resend} onResend={resend} onNotReceived={() => (state.stage = 'dial')} />;
    }
    return <DialCode {...shared} code={code} />;
  }
  return <BankChoice state={state} bankName={bankName} onRetryBanks={loadBanks} onContinue={generate} onChangeBank={changeBank} />;
}
