/** A phone with a card and a tap: the row icon (decorative; Google's own mark is on its button, drawn by its script). */
export function GooglePayIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 2.5h8.5v19H7zM10 18.5h2.5M3.5 9.5h8v5.5h-8zM3.5 11.5h8M18 9a4 4 0 0 1 0 6M20 7a7 7 0 0 1 0 10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Loaded only when the page draws the row itself (the server draws it otherwise). */
export default GooglePayIcon;
