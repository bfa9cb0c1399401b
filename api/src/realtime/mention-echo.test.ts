import type { MentionNotification, Message } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { echoClients } from '../testing/echo-client';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import type { RealtimeServer } from './realtime-server';

/**
 * A mention reaches its member as Laravel's broadcast notification: the real laravel-echo's
 * `private('App.Models.User.' + id).notification(callback)` hears it on the embedded server, and another
 * user is refused that channel.
 */
describe('mention notifications through laravel-echo', () => {
  let t: TestApp;
  let apiUrl: string;
  let wsPort: number;
  let author: SignedIn;
  let mentioned: SignedIn;
  let roomId: number;
  const echoes = echoClients(() => ({ key: t.config.broadcast.key, wsPort, apiUrl }));
  const connect = (who: SignedIn) => echoes.connect(who.token);

  beforeAll(async () => {
    t = await createTestApp({ publisher: 'embedded' });
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsPort = await (t.app.realtime as RealtimeServer).listen(0, '127.0.0.1');
    author = await t.signIn();
    mentioned = await t.signIn();
    roomId = await t.createRoom(author, 'Mentions live');
    await t.join(mentioned, roomId);
  });
  afterAll(async () => {
    echoes.disconnectAll();
    await t.close();
  });

  it("delivers the notification to the mentioned member's .notification(), not to the author", async () => {
    const heard: MentionNotification[] = [];
    const authorHeard: unknown[] = [];
    let subscribed = 0;
    connect(mentioned)
      .private(`App.Models.User.${mentioned.user.id}`)
      .subscribed(() => subscribed++)
      .notification((notification: MentionNotification) => heard.push(notification));
    connect(author)
      .private(`App.Models.User.${author.user.id}`)
      .subscribed(() => subscribed++)
      .notification((notification: unknown) => authorHeard.push(notification));
    await waitFor(() => subscribed === 2, 'both user channels');

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: author.headers,
      payload: { content: `@${mentioned.user.username} are you there? @${author.user.username}` },
    });
    const message = sent.json() as Message;
    await waitFor(() => heard.length === 1, 'the notification');
    expect(heard[0]).toMatchObject({
      type: 'App\\Notifications\\MentionedInMessage',
      room_id: roomId,
      room_name: 'Mentions live',
      message: { id: message.id, content: message.content, user: { id: author.user.id } },
    });
    expect(heard[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The author mentioned themself too: stored, never notified.
    expect(message.mentions?.map((m) => m.id)).toEqual([mentioned.user.id, author.user.id]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(authorHeard).toEqual([]);
  });

  it("refuses another user's channel (403 from /broadcasting/auth)", async () => {
    const errors: { type?: string; status?: number }[] = [];
    const heard: unknown[] = [];
    connect(author)
      .private(`App.Models.User.${mentioned.user.id}`)
      .error((error: { type?: string; status?: number }) => errors.push(error))
      .notification((notification: unknown) => heard.push(notification));
    await waitFor(() => errors.length > 0, 'the subscription error');
    expect(errors[0]).toMatchObject({ type: 'AuthError', status: 403 });
    await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: author.headers,
      payload: { content: `@${mentioned.user.username} again` },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });
});
