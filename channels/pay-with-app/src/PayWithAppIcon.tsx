export function PayWithAppIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 2.5h10v19H7zM10.5 18.5h3M10 9l1.8 1.8L15 7.5"
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
export default PayWithAppIcon;
