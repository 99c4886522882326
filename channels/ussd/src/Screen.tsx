import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CODE_EXPIRED, complete, registerMessages, styles, useChannel, useCheckout, resetSlot, useT } from '@oja/core';
import { useCountdown } from '@oja/core/countdown';
import { useStatusPolling } from '@oja/core/status-polling';
import { generateCode, loadIssuers } from './api';
import type { Issuer } from './api';
import { BankChoice } from './BankChoice';
import { DialCode } from './DialCode';
import { PushPrompt } from './PushPrompt';
import type { UssdWait } from './PushPrompt';
import { AUTO_COMPLETE_GRACE_MS } from './constants';
import { ussdVisit } from './visit';
import { screenMessages } from './screenMessages';
import { completeIfPaid } from '@oja/core/attempt';
import { isRefusedAsPaid } from '@oja/core/code-messages';
import { useVisit } from '@oja/core/visit';

registerMessages(screenMessages);

/** The chosen bank's name, for the texts. */
export function bankNameOf(issuers: readonly Issuer[] | null, bankCode: string): string {
  return issuers?.find((i) => i.cbnCode === bankCode)?.name ?? bankCode;
}

/**
 * USSD (spec core §4 "USSD"): load the banks, choose one, generate its code, then poll the status every 20 s
 * while the payer dials the code (or approves the prompt sent to the phone).
 */
export default function UssdScreen() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const v = useVisit(ussdVisit);
  const state = v.state;
  const snap = useSnapshot(state);

  const loadBanks = () => void v.run(state.issuers, loadIssuers);
  const generate = () => {
    // A second press while the code is on its way sends nothing (a second prompt to the phone, too).
    if (state.code.status === 'pending') return;
    void v
      .run(state.code, (ctx) => generateCode(ctx, state.bankCode))
      .then((code) => {
        if (code) state.stage = code.pushSent ? 'push' : 'dial';
        // Approved before "Change bank": no new code, the approval completes the payment (else the message says paid).
        else if (isRefusedAsPaid(state.code.error)) void v.call((ctx) => completeIfPaid(c, plugin, ctx.signal, v));
      });
  };
  const resend = () => {
    if (state.resend.status === 'pending') return;
    void v
      .run(state.resend, (ctx) => generateCode(ctx, state.bankCode))
      .then((code) => {
        if (code) state.code.response = code;
      });
  };
  // Back to the list: the code (or the prompt sent again) on its way is dropped, the bank kept.
  const changeBank = () => {
    v.abort(state.code);
    v.abort(state.resend);
    resetSlot(state.code);
    resetSlot(state.resend);
    state.stage = 'bank';
  };

  useEffect(() => {
    // Loaded once per visit: Retry starts a new visit.
    if (state.issuers.status === 'idle') loadBanks();
  }, [v]);

  const waiting = snap.stage !== 'bank';
  const code = snap.code.response;
  const validUntil = waiting && code?.validityPeriodMins ? code.generatedAt + code.validityPeriodMins * 60_000 : null;
  // Past the code's validity and its grace the payer stops waiting: the payment completes as expired.
  useCountdown(validUntil === null ? null : validUntil + AUTO_COMPLETE_GRACE_MS, () => complete(c, CODE_EXPIRED));
  // Both waiting screens share one poller: switching between them keeps its 20 s rhythm.
  const polling = useStatusPolling(plugin, waiting, { visit: v });

  const bankName = bankNameOf(snap.issuers.response, snap.bankCode);
  if (waiting && code) {
    // The code's validity counted down; past it, the status may still come in (the grace above).
    const wait: UssdWait = {
      deadline: validUntil,
      ended: { text: t('ussd.codeExpired') },
      failures: polling.failures,
      actions: (
        <button type="button" className={styles.link} onClick={changeBank}>
          {t('ussd.changeBank')}
        </button>
      ),
    };
    if (snap.stage === 'push') {
      return <PushPrompt bankName={bankName} wait={wait} resend={snap.resend} onResend={resend} onNotReceived={() => (state.stage = 'dial')} />;
    }
    return <DialCode bankName={bankName} wait={wait} code={code} />;
  }
  return <BankChoice state={state} bankName={bankName} onRetryBanks={loadBanks} onContinue={generate} onChangeBank={changeBank} />;
}
