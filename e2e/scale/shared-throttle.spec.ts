import type { Service } from '../../scripts/scale/services';
import { bearer, createUser, loginToken } from '../support/api';
import { expect, test } from '../support/fixtures';
import { apiProcessUrl, scaleExtraPorts, startApiProcess } from '../support/scale';

const API_BUDGET = 12;
const LOGIN_ATTEMPTS = 4;

/**
 * Two more API processes on the topology's Redis with small budgets (the run's own pair has its throttle
 * lifted for the browser flows): the requests of one user, or failed logins for one name, alternate between
 * them, and the limit holds for their sum, not per process.
 */
test.describe('throttles counted in Redis, across API processes', () => {
  let processes: Service[] = [];
  const urls = scaleExtraPorts.throttledApis.map(apiProcessUrl);
  const nth = (index: number) => urls[index % urls.length] as string;

  test.beforeAll(async () => {
    // Two API processes starting on a busy machine: more than a flow's minute.
    test.setTimeout(120_000);
    const env = { API_THROTTLE_PER_MINUTE: String(API_BUDGET), LOGIN_MAX_ATTEMPTS: String(LOGIN_ATTEMPTS) };
    processes = await Promise.all(
      scaleExtraPorts.throttledApis.map((port, index) =>
        startApiProcess(`api-throttled-${index}`, port, env),
      ),
    );
  });
  test.afterAll(async () => {
    for (const service of processes) await service.stop();
  });

  test("one user's requests, alternating between two processes, meet 429 at the combined budget", async ({
    request,
  }) => {
    const token = await loginToken(request, await createUser(request, 'busy'));
    const statuses: number[] = [];
    for (let index = 0; index < API_BUDGET + 2; index++) {
      const response = await request.get(`${nth(index)}chatrooms`, { headers: bearer(token) });
      statuses.push(response.status());
      if (response.status() === 429) expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    }
    // Each process saw 7 requests of a budget of 12: only a shared count refuses the 13th and 14th.
    expect(statuses).toEqual([...Array(API_BUDGET).fill(200), 429, 429]);
  });

  test('failed logins for one name, alternating between two processes, meet 429 at the combined limit', async ({
    request,
  }) => {
    const user = await createUser(request, 'guessed');
    // As the balancer would forward a client of its own (the processes trust one hop): anonymous calls are
    // throttled per address, and the run's other anonymous calls all came from this machine's.
    const client = { 'X-Forwarded-For': `198.51.100.${1 + Math.floor(Math.random() * 254)}` };
    const statuses: number[] = [];
    for (let index = 0; index < LOGIN_ATTEMPTS + 2; index++) {
      const response = await request.post(`${nth(index)}auth/login`, {
        data: { username: user.username, password: `wrong ${index}` },
        headers: client,
      });
      statuses.push(response.status());
    }
    expect(statuses).toEqual([...Array(LOGIN_ATTEMPTS).fill(422), 429, 429]);
  });
});
