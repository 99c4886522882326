/** A phone with a wallet's coin: the row icon (decorative). */
export function DrcMobileMoneyIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6.5 2.5h9v19h-9zM9.5 18.5h3M17.5 9.5a3 3 0 1 1 0 6M17.5 11v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Loaded only when the page draws the row itself (the server draws it otherwise). */
export default DrcMobileMoneyIcon;
