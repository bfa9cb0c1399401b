import { APP_URL } from '../support/api';
import { test } from '../support/fixtures';
import { readInAnotherTab } from '../support/read-in-another-tab';

test.use({ baseURL: APP_URL });

// With the websocket on Soketi (two nodes behind the balancer, so the two tabs' sockets may sit on different
// nodes): the read is published through Soketi's HTTP API, as every event is, and reaches the other tab.
test("a room read in one tab clears its unread badge in the same user's other tab, live", async ({
  context,
  request,
  token,
}) => {
  await readInAnotherTab(context, request, token);
});
