import type { ApprovalWallet } from '@oja/momo/approval';
import { approvalVisit } from '@oja/momo/approval';
import { checkStatus, initiate } from './api';
import { validatePocketId } from './rules';

/** Pocket in MoMo's approval flow (the same four views): the Pocket ID, its rule and the two calls. */
export const pocketWallet: ApprovalWallet = {
  field: { name: 'pocketId', inputMode: 'text', autoComplete: 'username' },
  validate: validatePocketId,
  initiate,
  checkStatus,
  visit: approvalVisit('pocket'),
};
