import type { ApprovalWallet } from './approval';
import { approvalVisit } from './approval';
import { checkStatus, initiate } from './api';
import { validatePhone } from './rules';

/** MoMo in the approval flow: the phone number, its rule and the two calls. */
export const momoWallet: ApprovalWallet = {
  field: { name: 'phone', inputMode: 'numeric', autoComplete: 'tel-national' },
  validate: validatePhone,
  initiate,
  checkStatus,
  visit: approvalVisit('momo'),
};
