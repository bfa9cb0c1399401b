/**
 * The start-up levers of "Fast on a phone, second round" (bench/README.md): each is on unless a build leaves
 * it out with CHAT_LEVERS_OFF=a,b (shared/build/create-app-config.ts defines it), so the bench can measure each
 * one alone against the build that ships (`pnpm bench --only phone-levers`).
 */
export const perfLevers = ['antd-static-styles', 'precomputed-theme', 'yielding-render'] as const;
export type PerfLever = (typeof perfLevers)[number];

const off = (process.env.CHAT_LEVERS_OFF ?? '').split(',');

export function leverOn(lever: PerfLever): boolean {
  return !off.includes(lever);
}
