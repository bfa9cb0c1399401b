import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium: Playwright cannot download its own browser here. CHROMIUM_PATH points elsewhere. */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  };
}
