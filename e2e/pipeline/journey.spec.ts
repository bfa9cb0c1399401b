import { test } from '../support/fixtures';
import { chatJourney } from '../support/journey';
import { versionName } from '../support/releases';

test(`the journey across the remotes, this remote's build in the ${versionName('previous')} shell`, async ({
  page,
  browser,
  request,
}) => {
  await chatJourney(page, browser, request);
});
