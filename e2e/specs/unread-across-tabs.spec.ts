import { APP_URL } from '../support/api';
import { test } from '../support/fixtures';
import { readInAnotherTab } from '../support/read-in-another-tab';

test.use({ baseURL: APP_URL });

// On the embedded websocket server; e2e/scale/unread-across-tabs.spec.ts runs the same tabs on Soketi.
test("a room read in one tab clears its unread badge in the same user's other tab, live", async ({
  context,
  request,
  token,
}) => {
  await readInAnotherTab(context, request, token);
});
