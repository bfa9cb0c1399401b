import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './lib/chromium';
import { signInBrowser } from './lib/sign-in-browser';

const token = readFileSync('/tmp/token', 'utf8').trim();
const browser = await chromium.launch(chromiumLaunchOptions());
for (const [name, viewport, js] of [
  ['desk-nojs', { width: 1280, height: 800 }, false],
  ['phone-nojs', { width: 375, height: 667 }, false],
  ['desk-js', { width: 1280, height: 800 }, true],
  ['phone-js', { width: 375, height: 667 }, true],
] as const) {
  const context = await browser.newContext({ viewport, javaScriptEnabled: js, serviceWorkers: 'block' });
  await signInBrowser(context, 'http://localhost:3000', token);
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('console', (m) => console.log(name, 'console', m.type(), m.text().slice(0, 200)));
  page.on('request', (r) => r.url().includes(':8000') && requests.push(`${r.method()} ${r.url()}`));
  await page.addInitScript(() => {
    (window as unknown as { cls: number }).cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        (window as unknown as { cls: number }).cls += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('http://localhost:3000/?room=1');
  await page.waitForTimeout(js ? 4000 : 500);
  await page.screenshot({ path: `/tmp/look-${name}.png` });
  if (js)
    console.log(name, 'cls', await page.evaluate(() => (window as unknown as { cls: number }).cls), requests);
  await context.close();
}
await browser.close();
