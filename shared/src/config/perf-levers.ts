/**
 * The start-up levers of "Fast on a phone, second round" (bench/README.md). A build leaves shipped ones out
 * with CHAT_LEVERS_OFF=a,b and takes tried ones in with CHAT_LEVERS_ON=a,b (shared/build/create-app-config.ts
 * defines both), so the bench can measure each one alone against the build that ships
 * (`pnpm bench --only phone-levers`).
 */
export const shippedLevers = [
  'antd-static-styles',
  'precomputed-theme',
  'yielding-render',
  // Not a speed-up: 'Your rooms' beside the screens, off only to measure what the second remote costs a phone.
  'rooms-panel',
  // Not a speed-up either: messages rendered as Markdown; off (plain text, as before) only to measure its cost.
  'rich-text',
  // Not a speed-up on a first visit: the shell's service worker (a second visit loads no script); off only
  // to measure what installing it costs the first.
  'service-worker',
] as const;
/** Measured, and not shipped: bench/README.md says why. */
export const triedLevers = ['react-compiler', 'unconcatenated-modules'] as const;
export type PerfLever = (typeof shippedLevers)[number] | (typeof triedLevers)[number];

const listed = (names: string | undefined) => (names ?? '').split(',');
const off = listed(process.env.CHAT_LEVERS_OFF);
const on = listed(process.env.CHAT_LEVERS_ON);

export function leverOn(lever: PerfLever): boolean {
  return (shippedLevers as readonly string[]).includes(lever) ? !off.includes(lever) : on.includes(lever);
}
