import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-background-networking','--disable-component-update'] });
const url = process.argv[2];
for (let i = 0; i < 5; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text().slice(0, 150)); });
  const t0 = Date.now();
  await page.goto(url);
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  const t = Date.now() - t0;
  const res = await page.evaluate(() => performance.getEntriesByType('resource').filter((x) => !x.name.includes('/static/')).map((x) => `${x.name.split('/').slice(-2).join('/')}@${Math.round(x.startTime)}-${Math.round(x.responseEnd)}`).join(' '));
  console.log(t, res, warnings);
  await ctx.close();
}
await browser.close();
