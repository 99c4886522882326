/** Skeleton: replaced by the merchant SDK. */
export {};
