/**
 * Debian's Chromium, the one browser every run here launches (the e2e suites, the benchmarks, the README's
 * screenshots): Playwright cannot download its own on these machines. CHROMIUM_PATH points elsewhere.
 */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Playwright's launch options for it (a plain object: this folder does not depend on Playwright's types). */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return {
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  };
}
