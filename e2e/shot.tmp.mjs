import { chromium } from '@playwright/test';

const [url, out, w = '1280', h = '800'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
page.on('requestfailed', (r) => console.log('FAILED', r.url()));
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('response', (r) => {
  if (r.status() >= 400) console.log('HTTP', r.status(), r.url());
});
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(2500);
console.log('url:', page.url());
await page.screenshot({ path: out });
await browser.close();
