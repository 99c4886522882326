import { registerMessages } from '@oja/core';
import { ApprovalFlow } from './ApprovalFlow';
import { momoWallet } from './wallet';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** The MoMo page (companion §2): validation, authorization, how to pay, success. */
export default function MomoScreen() {
  return <ApprovalFlow wallet={momoWallet} />;
}
