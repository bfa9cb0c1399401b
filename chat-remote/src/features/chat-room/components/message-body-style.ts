/**
 * A message's body under its byline: quote, text, preview, image and reactions stacked, each as wide as its
 * content. The feed's row and the drawing the server makes of it alike, so a code block is as wide in both.
 */
export const messageBodyStyle = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 4,
  maxWidth: '100%',
} as const;
