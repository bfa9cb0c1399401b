import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const SERIOUS = new Set(['serious', 'critical']);

/**
 * axe-core's full rule set on the page (or the part `include` selects) as a person reaches it. Every finding is
 * attached to the report and its counts by impact printed, so a moderate one is seen before it grows; the test
 * fails on serious and critical ones, or on any at all with `every`.
 */
export async function audit(page: Page, what: string, options: { include?: string; every?: boolean } = {}) {
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  const { violations } = await builder.analyze();
  const byImpact: Record<string, number> = {};
  for (const violation of violations) {
    const impact = violation.impact ?? 'unknown';
    byImpact[impact] = (byImpact[impact] ?? 0) + violation.nodes.length;
  }
  const rules = violations.map(({ id, impact, nodes }) => `${id} (${impact}) ×${nodes.length}`);
  console.log(`axe ${what}: ${JSON.stringify(byImpact)} ${rules.join(', ')}`);
  await test.info().attach(`axe ${what}`, {
    body: JSON.stringify(violations, null, 2),
    contentType: 'application/json',
  });
  const failing = violations
    .filter((violation) => options.every || SERIOUS.has(violation.impact ?? ''))
    .map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  expect(failing, `${options.every ? 'axe' : 'serious or critical axe'} findings on ${what}`).toEqual([]);
}
