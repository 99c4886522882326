/** The merchant's option whose providers the list shows (companion §3 "CUSTOMER_WALLET"). */
export const CUSTOMER_WALLET = 'CUSTOMER_WALLET';
/** The provider types the list may show (companion §2 "Customer wallet screen": available types). */
export const WALLET_TYPES: readonly string[] = ['opay', 'enaira', 'momo', 'pocket', 'palmpay'];
