import { registerMessages } from '@oja/core';
import { ApprovalFlow } from '@oja/momo/approval-flow';
import { pocketWallet } from './wallet';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** The Pocket page (companion §2): Pocket ID, authorization, how to pay, success. */
export default function PocketScreen() {
  return <ApprovalFlow wallet={pocketWallet} />;
}
