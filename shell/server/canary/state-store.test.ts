import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@rstest/core';
import getPort from 'get-port';
import { runningCanary, stateWith } from './canary-fixtures';
import { fileStateStore, redisStateStore, type StateStore } from './state-store';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const stops: (() => void)[] = [];
afterAll(() => {
  for (const stop of stops) stop();
});

/** What a restart does to a store: a new one over the same place reads what the old one saved. */
async function survivesRestart(open: () => StateStore) {
  const first = open();
  expect(await first.load()).toBeNull();
  const state = stateWith(runningCanary(), {
    promoted: { rooms: { manifest: 'http://r.test/m.json', replaced: 'x' } },
  });
  await first.save(state);
  await first.close();
  const second = open();
  expect(await second.load()).toEqual(state);
  await second.close();
}

describe('the state stores', () => {
  it('keep the state in the data folder across a restart, readable by this user only', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'shell-data-')), 'shell');
    await survivesRestart(() => fileStateStore(directory));
    expect(statSync(join(directory, 'canary-state.json')).mode & 0o777).toBe(0o600);
  });

  it.skipIf(!hasRedis)('keep it in Redis across a restart (a real redis-server)', async () => {
    const port = await getPort({ host: '127.0.0.1' });
    const redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no']);
    stops.push(() => redis.kill());
    await new Promise<void>((resolve) =>
      redis.stdout.on('data', (chunk) => String(chunk).includes('Ready') && resolve()),
    );
    await survivesRestart(() => redisStateStore(`redis://127.0.0.1:${port}`));
  });
});
