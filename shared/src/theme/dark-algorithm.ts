import { theme } from 'antd';

type Algorithm = typeof theme.darkAlgorithm;

/**
 * What the dark algorithm answered for the app's own seed, recorded by the build (shared/build/
 * antd-static-styles.ts) as `{seed, map}` JSON. The dark algorithm regenerates all the preset palettes on every
 * call (tens of ms under a phone's CPU); the default one reads precomputed ones.
 */
const recorded: { seed: string; map: ReturnType<Algorithm> } | null = process.env.CHAT_DARK_MAP_TOKEN
  ? JSON.parse(process.env.CHAT_DARK_MAP_TOKEN)
  : null;

/** antd's dark algorithm, answered from the build's record when the seed is the one it saw. */
export const precomputedDarkAlgorithm: Algorithm = (seed, mapToken) => {
  if (recorded && mapToken === undefined && JSON.stringify(seed) === recorded.seed)
    return { ...recorded.map };
  return theme.darkAlgorithm(seed, mapToken);
};
