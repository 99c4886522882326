export function WalletIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 7.5h15.5v11H4zM4 7.5l11-3v3M15 13h4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Loaded only when the page draws the row itself (the server draws it otherwise). */
export default WalletIcon;
