import type { APIRequestContext } from '@playwright/test';
import { API_URL, type Credentials } from './api';

/**
 * Makes `credentials`' user a site administrator, as an operator's `user:admin` would (needs the API's
 * ENABLE_TEST_ENDPOINTS=true). Their pages read it from `GET me` when they next load.
 */
export async function makeAdmin(request: APIRequestContext, credentials: Credentials): Promise<void> {
  const response = await request.post(`${API_URL}testing/admins`, {
    data: { username: credentials.username },
  });
  if (!response.ok())
    throw new Error(`testing/admins answered ${response.status()}: ${await response.text()}`);
}
