/** A phone with a coin: the row icon (decorative). */
export function MobileMoneyIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M5 2.5h9v19H5zM8.5 18.5h2M19 8.5a3 3 0 1 1 0 6a3 3 0 0 1 0-6z"
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
export default MobileMoneyIcon;
