/** OPay's row icon: a wallet with a circle (decorative). */
export function OpayIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3.5 6.5h17v12h-17z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <circle cx="12" cy="12.5" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/** Loaded only when the page draws the row itself (the server draws it otherwise). */
export default OpayIcon;
