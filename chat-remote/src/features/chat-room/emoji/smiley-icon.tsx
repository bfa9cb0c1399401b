/**
 * The 'Emoji' button's face, drawn rather than typed: a machine without a colour-emoji font shows 🙂 as an empty
 * box, and the icon set the deployed shells share has no smiley. Sized and coloured like antd's icons.
 */
export function SmileyIcon() {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="9.5" />
      <path d="M8 14.5c1 1.4 2.4 2.1 4 2.1s3-.7 4-2.1" />
      <circle cx="9" cy="9.8" r="0.6" fill="currentColor" />
      <circle cx="15" cy="9.8" r="0.6" fill="currentColor" />
    </svg>
  );
}
