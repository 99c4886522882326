export function CardIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 6.5h18v11H3zM3 10h18M6.5 14.5h4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** Loaded only when the page draws the row itself (the server draws it otherwise). */
export default CardIcon;
