/**
 * @oja/sdk/react: the checkout for React storefronts. `useOjaCheckout` opens it (through the SDK's openCheckout)
 * and follows it to its one end; `OjaCheckoutButton` is a button that does so on the payer's click.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { openCheckout } from './index';
import type { CheckoutError, CheckoutHandle, CheckoutMode, CheckoutResult, PayFields } from './types';

/** Where the checkout is: not opened, opened and loading, ready, or ended (with a result, closed, or failed). */
export type OjaCheckoutStatus = 'idle' | 'loading' | 'open' | 'completed' | 'closed' | 'failed';

export interface OjaCheckoutOptions {
  /** TEST (the sandbox) or LIVE. */
  mode: CheckoutMode;
  /** The checkout's origin, e.g. `https://checkout.example.com`. */
  checkoutBase: string;
  /** The result, once per payment. Verify it on your server. */
  onComplete?: (result: CheckoutResult) => void;
  /** The payer closed the checkout without a result. */
  onClose?: () => void;
  /** A bad request, an unreachable checkout, a blocked popup. */
  onError?: (error: CheckoutError) => void;
}

export interface OjaCheckout {
  /** Opens the checkout for these pay fields (from the payer's click for POPUP). Ignored while one is open. */
  open(request: PayFields): void;
  /** Closes the checkout if it is open. */
  close(): void;
  status: OjaCheckoutStatus;
  /** The last payment's result (status `completed`), otherwise null. */
  result: CheckoutResult | null;
  /** The last failure (status `failed`), otherwise null. */
  error: CheckoutError | null;
}

interface State {
  status: OjaCheckoutStatus;
  result: CheckoutResult | null;
  error: CheckoutError | null;
}

const IDLE: State = { status: 'idle', result: null, error: null };

/**
 * Opens the checkout and reports where it is. The options are read when `open` is called; unmounting closes an
 * open checkout, and nothing is reported after it.
 */
export function useOjaCheckout(options: OjaCheckoutOptions): OjaCheckout {
  const [state, setState] = useState<State>(IDLE);
  const latest = useRef(options);
  const handle = useRef<CheckoutHandle | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      handle.current?.close();
      handle.current = null;
    };
  }, []);

  const open = useCallback((request: PayFields) => {
    if (handle.current) return;
    let ended = false;
    let closedWith: CheckoutResult | null = null;
    const end = (next: State, report: () => void) => {
      ended = true;
      handle.current = null;
      if (!mounted.current) return;
      setState(next);
      report();
    };
    const { mode, checkoutBase } = latest.current;
    setState({ status: 'loading', result: null, error: null });
    const opened = openCheckout({
      ...request,
      mode,
      checkoutBase,
      onLoad: () => {
        if (mounted.current) setState((s) => (s.status === 'loading' ? { ...s, status: 'open' } : s));
      },
      onComplete: (result) => {
        closedWith = result;
        end({ status: 'completed', result, error: null }, () => latest.current.onComplete?.(result));
      },
      // A closed checkout's onComplete (Z6) came just before: its result stays readable.
      onClose: () => end({ status: 'closed', result: closedWith, error: null }, () => latest.current.onClose?.()),
      onError: (error) => end({ status: 'failed', result: null, error }, () => latest.current.onError?.(error)),
    });
    // A request refused at once has already ended.
    if (!ended) handle.current = opened;
  }, []);
  const close = useCallback(() => handle.current?.close(), []);
  return { open, close, ...state };
}

export interface OjaCheckoutButtonProps extends OjaCheckoutOptions, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'onError' | 'type'> {
  /** The pay fields (CONTRACT §2). */
  request: PayFields;
  /** The button's content, in the storefront's words. */
  children: ReactNode;
}

/** A button that opens the checkout on the payer's click; disabled and busy while the checkout is open. */
export function OjaCheckoutButton({
  request,
  mode,
  checkoutBase,
  onComplete,
  onClose,
  onError,
  disabled,
  children,
  ...button
}: OjaCheckoutButtonProps) {
  const checkout = useOjaCheckout({ mode, checkoutBase, onComplete, onClose, onError });
  const busy = checkout.status === 'loading' || checkout.status === 'open';
  return (
    <button type="button" {...button} disabled={disabled || busy} aria-busy={busy} onClick={() => checkout.open(request)}>
      {children}
    </button>
  );
}
