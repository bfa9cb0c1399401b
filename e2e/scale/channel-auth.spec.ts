import type { Page } from '@playwright/test';
import { createRoom, createUser, joinRoom, loginToken } from '../support/api';
import { type Answer, type CaseActors, channelCases } from '../support/channel-cases';
import { expect, test } from '../support/fixtures';
import { PusherProbe } from '../support/pusher-probe';
import {
  apiProcessOrigin,
  scaleExtraPorts,
  scaleLayout,
  soketiNodeUrl,
  startApiProcess,
} from '../support/scale';
import { origin, scaleStack } from '../support/stack';

/** A websocket server and the API process that signs its subscriptions (an origin). */
interface Target {
  name: string;
  websocket: string;
  api: string;
}

/** Every case against every target, each case on two fresh sockets: an earlier refusal colours nothing. */
async function answersOf(page: Page, targets: Target[], actors: CaseActors) {
  const results: Record<string, Record<string, Answer>> = {};
  for (const target of targets) {
    const answers: Record<string, Answer> = {};
    for (const each of channelCases(actors, target.api)) {
      const probe = await PusherProbe.open(page, target.websocket);
      const other = await PusherProbe.open(page, target.websocket);
      answers[each.name] = await each.run(probe, other);
      await probe.close();
      await other.close();
    }
    results[target.name] = answers;
  }
  return results;
}

test('every channel authorises on both Soketi nodes as on the embedded server, through any API process', async ({
  page,
  request,
}) => {
  // An API process to start, then 33 subscriptions on fresh sockets.
  test.setTimeout(120_000);
  const [member, second, outsider] = [
    await createUser(request, 'member'),
    await createUser(request, 'second'),
    await createUser(request, 'outsider'),
  ];
  const tokens = {
    member: await loginToken(request, member),
    second: await loginToken(request, second),
    outsider: await loginToken(request, outsider),
  };
  const room = await createRoom(request, tokens.member);
  await joinRoom(request, tokens.second, room.id);
  const otherRoom = await createRoom(request, tokens.outsider);
  await joinRoom(request, tokens.member, otherRoom.id);
  const actors: CaseActors = { request, tokens, roomId: room.id, otherRoomId: otherRoom.id };

  const embedded = await startApiProcess('api-embedded', scaleExtraPorts.embeddedApi, {
    BROADCAST_DRIVER: 'embedded',
    REVERB_SERVER_PORT: String(scaleExtraPorts.embeddedWebsocket),
  });
  try {
    const [apiA, apiB] = scaleLayout.apiProcesses as [number, number];
    // Each node's subscriptions signed by the other node's API process: any process signs for any node.
    const targets: Target[] = [
      { name: 'Soketi node A', websocket: soketiNodeUrl(0), api: apiProcessOrigin(apiB) },
      { name: 'Soketi node B', websocket: soketiNodeUrl(1), api: apiProcessOrigin(apiA) },
      {
        name: 'embedded server',
        websocket: `ws://localhost:${scaleExtraPorts.embeddedWebsocket}`,
        api: apiProcessOrigin(scaleExtraPorts.embeddedApi),
      },
    ];
    // A page of the app's origin: the embedded server admits only the front ends' origins.
    await page.goto(`${origin(scaleStack.shell)}/config.json`);
    const results = await answersOf(page, targets, actors);
    await test.info().attach('answers per server', {
      body: JSON.stringify(results, null, 2),
      contentType: 'application/json',
    });
    const expected = Object.fromEntries(channelCases(actors, '').map((each) => [each.name, each.expected]));
    for (const target of targets) expect(results[target.name], target.name).toEqual(expected);
  } finally {
    await embedded.stop();
  }
});
