import type { Message, RoomMessageUpdatedEvent } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { NOT_A_MEMBER, NOT_THE_PREVIEW_REMOVER, ROOM_ARCHIVED } from '../http/refusals';
import { CHAT_CHANNEL, roomChannel } from '../realtime/channels';
import { MESSAGE_UPDATED_EVENT } from '../realtime/message-updated';
import { PNG_1X1 } from '../testing/images';
import { ogPage, type PageServer, servePages } from '../testing/page-server';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

describe('link previews', () => {
  let site: PageServer;
  let t: TestApp;
  let author: SignedIn;
  let other: SignedIn;
  let outsider: SignedIn;
  let roomId: number;

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const send = async (content: string, who: SignedIn = author, room = roomId) =>
    (await call(who, 'POST', `/chatrooms/${room}/messages`, { content })).json() as Message;
  const removePreview = (messageId: number, who: SignedIn, room = roomId) =>
    call(who, 'DELETE', `/chatrooms/${room}/messages/${messageId}/preview`);
  const read = async (messageId: number, who: SignedIn = other, room = roomId) =>
    ((await call(who, 'GET', `/chatrooms/${room}/messages`)).json() as Message[]).find(
      (message) => message.id === messageId,
    );
  const updates = (messageId: number) =>
    t.published.events.filter(
      (event) =>
        event.event === MESSAGE_UPDATED_EVENT &&
        (event.data as RoomMessageUpdatedEvent).message_id === messageId,
    );
  /** A message linking to the test site and the preview it got, once its fetch is over. */
  const sendAndSettle = async (content: string, who: SignedIn = author, room = roomId) => {
    const sent = await send(content, who, room);
    await t.app.linkPreviews?.idle();
    return { sent, now: await read(sent.id, who, room) };
  };

  beforeAll(async () => {
    site = await servePages({
      '/article': (response) =>
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            ogPage({ title: 'An article', description: 'About things', site: 'The Site', image: '/a.png' }),
          ),
      '/a.png': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1),
      '/second': (response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end(ogPage({ title: 'Second' })),
      '/third': (response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end(ogPage({ title: 'Third' })),
      '/missing': (response) => response.writeHead(404).end(),
      '/kept': (response) =>
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(ogPage({ title: 'Kept', image: '/k.png' })),
      '/dropped': (response) =>
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(ogPage({ title: 'Dropped', image: '/d.png' })),
      '/k.png': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1),
      '/d.png': (response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1),
    });
    t = await createTestApp({
      env: { LINK_PREVIEW_ALLOW: `127.0.0.1:${site.port}` },
      // The site's name leads to loopback, which the allow-list lets through; any other name is unknown.
      resolver: async (hostname) => {
        if (hostname !== 'site.test') throw new Error(`ENOTFOUND ${hostname}`);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    [author, other, outsider] = [await t.signIn(), await t.signIn(), await t.signIn()];
    roomId = await t.createRoom(author, 'Previews');
    await t.join(other, roomId);
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });

  it('adds the preview of the first link live, at a new version, without marking the message edited', async () => {
    const link = site.url('/article', 'site.test');
    const sent = await send(
      `\`${site.url('/missing', 'site.test')}\` then see ${link} and ${site.url('/second')}`,
    );
    expect(sent.preview).toBeNull();
    await t.app.linkPreviews?.idle();

    const [update, ...others] = updates(sent.id);
    expect(others.map((event) => event.channel)).toEqual([CHAT_CHANNEL]);
    expect(update?.channel).toBe(roomChannel(roomId));
    const event = update?.data as RoomMessageUpdatedEvent;
    expect(event.version).toBeGreaterThan(sent.version as number);
    expect(event.message).toMatchObject({
      id: sent.id,
      content: sent.content,
      edited_at: null,
      version: event.version,
      preview: { url: link, title: 'An article', description: 'About things', site_name: 'The Site' },
    });

    const now = await read(sent.id);
    expect(now?.version).toBe(event.version);
    expect(now?.preview?.title).toBe('An article');
    // The image comes from the API, re-encoded, behind a signed link like an attachment's.
    const imageUrl = new URL(now?.preview?.image_url as string);
    expect(imageUrl.pathname).toMatch(/^\/api\/attachments\/[0-9a-f-]{36}\.png$/);
    expect(imageUrl.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const image = await t.app.inject({ url: `${imageUrl.pathname}${imageUrl.search}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(site.requests.map((request) => request.path)).toEqual(['/article', '/a.png']);
  });

  it('reads a page once for the cache time: another message linking there gets the same preview', async () => {
    const before = site.requests.length;
    const { now } = await sendAndSettle(`again: ${site.url('/article', 'site.test')}`, other);
    expect(now?.preview?.title).toBe('An article');
    expect(site.requests.length).toBe(before);
  });

  it('gives no preview, and says nothing in the room, for a page that fails or a name it may not reach', async () => {
    for (const content of [
      `gone: ${site.url('/missing', 'site.test')}`,
      'inside: http://intranet.test/',
      'no link at all, `http://site.test/` is code',
    ]) {
      const { sent, now } = await sendAndSettle(content);
      expect(now?.preview).toBeNull();
      expect(now?.version).toBe(sent.version);
      expect(updates(sent.id).length).toBe(0);
    }
  });

  it('lets the author remove it: 200, preview null, a new version, MessageUpdated; it never comes back', async () => {
    const { now } = await sendAndSettle(`mine: ${site.url('/second', 'site.test')}`);
    const message = now as Message;
    expect(message.preview?.title).toBe('Second');
    const published = t.published.events.length;

    const removed = await removePreview(message.id, author);
    expect(removed.statusCode).toBe(200);
    const answer = removed.json() as Message;
    expect(answer.preview).toBeNull();
    expect(answer.edited_at).toBeNull();
    expect(answer.version).toBeGreaterThan(message.version as number);
    const event = t.published.events.slice(published).find((e) => e.event === MESSAGE_UPDATED_EVENT);
    expect(event?.channel).toBe(roomChannel(roomId));
    expect((event?.data as RoomMessageUpdatedEvent | undefined)?.message?.preview).toBeNull();
    expect((await read(message.id))?.preview).toBeNull();

    // Again: nothing to remove, nothing announced.
    const again = await removePreview(message.id, author);
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(answer.version);
    expect(t.published.events.length).toBe(published + 2);
  });

  it("lets the room's owner and a site administrator remove another's, refuses other members and outsiders", async () => {
    const first = (await sendAndSettle(`look ${site.url('/third', 'site.test')}`, other)).now as Message;
    expect(first.preview?.title).toBe('Third');
    const refused = await removePreview(first.id, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_A_MEMBER);
    const member = await t.signIn();
    await t.join(member, roomId);
    const notAuthor = await removePreview(first.id, member);
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().message).toBe(NOT_THE_PREVIEW_REMOVER);
    expect((await removePreview(first.id, author)).json().preview).toBeNull();

    const second = (await sendAndSettle(`and ${site.url('/article', 'site.test')}`, other)).now as Message;
    expect(second.preview).not.toBeNull();
    await sql`UPDATE users SET is_admin = true WHERE id = ${outsider.user.id}`.execute(t.app.db);
    const asAdmin = await removePreview(second.id, outsider);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().preview).toBeNull();
    await sql`UPDATE users SET is_admin = false WHERE id = ${outsider.user.id}`.execute(t.app.db);

    expect((await removePreview(999_999, author)).statusCode).toBe(404);
    expect((await removePreview(second.id, author, 999_999)).statusCode).toBe(404);
  });

  it('keeps a private room to its members: outsiders 404, nothing on the shared channel', async () => {
    const created = await call(author, 'POST', '/chatrooms', {
      name: 'Hidden',
      description: 'd',
      max_members: 10,
      private: true,
    });
    const hidden = created.json().id as number;
    const { sent, now } = await sendAndSettle(`secret ${site.url('/second', 'site.test')}`, author, hidden);
    expect(now?.preview?.title).toBe('Second');
    expect(updates(sent.id).map((event) => event.channel)).toEqual([roomChannel(hidden)]);

    expect((await removePreview(sent.id, outsider, hidden)).statusCode).toBe(404);
    expect((await removePreview(sent.id, author, hidden)).statusCode).toBe(200);
  });

  it('refuses in an archived room', async () => {
    const archivedRoom = await t.createRoom(author, 'Archived previews');
    const { now } = await sendAndSettle(`old ${site.url('/third', 'site.test')}`, author, archivedRoom);
    expect(now?.preview?.title).toBe('Third');
    expect((await call(author, 'PUT', `/chatrooms/${archivedRoom}/archive`)).statusCode).toBe(200);
    const refused = await removePreview(now?.id as number, author, archivedRoom);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROOM_ARCHIVED);
  });

  it('deletes, past the cache time, the previews no message shows, with their images; keeps the shown and the fresh', async () => {
    const [keptUrl, droppedUrl, freshUrl] = [
      site.url('/kept', 'site.test'),
      site.url('/dropped', 'site.test'),
      site.url('/missing', 'site.test'),
    ];
    const kept = (await sendAndSettle(`keep ${keptUrl}`)).now as Message;
    const dropped = (await sendAndSettle(`drop ${droppedUrl}`)).now as Message;
    const imageOf = (message: Message) =>
      new URL(message.preview?.image_url as string).pathname.split('/').at(-1) as string;
    const [keptImage, droppedImage] = [imageOf(kept), imageOf(dropped)];
    expect((await removePreview(dropped.id, author)).statusCode).toBe(200);
    await sql`
      UPDATE link_previews SET fetched_at = now() - interval '2 days'
      WHERE url IN (${keptUrl}, ${droppedUrl})`.execute(t.app.db);

    expect(await t.app.linkPreviews?.prune()).toBe(1);

    const { rows } = await sql<{ url: string }>`SELECT url FROM link_previews`.execute(t.app.db);
    const left = rows.map((row) => row.url);
    expect(left).toContain(keptUrl);
    // A failed read of the cache time ago (the earlier test's) is fresh: it still spares the page a request.
    expect(left).toContain(freshUrl);
    expect(left).not.toContain(droppedUrl);
    expect(await t.app.attachments.store.open(droppedImage)).toBeNull();
    expect(await t.app.attachments.store.open(keptImage)).not.toBeNull();
    expect((await read(kept.id))?.preview?.title).toBe('Kept');
    // Nothing more to delete: a second pass finds nothing.
    expect(await t.app.linkPreviews?.prune()).toBe(0);
  });
});

describe('link previews per user per hour', () => {
  it('reads at most LINK_PREVIEW_PER_USER_PER_HOUR pages for one sender; a cached page costs nothing', async () => {
    const site = await servePages({
      '/1': (response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end(ogPage({ title: 'One' })),
      '/2': (response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end(ogPage({ title: 'Two' })),
    });
    const t = await createTestApp({
      env: { LINK_PREVIEW_ALLOW: `127.0.0.1:${site.port}`, LINK_PREVIEW_PER_USER_PER_HOUR: '1' },
    });
    try {
      const [sender, other] = [await t.signIn(), await t.signIn()];
      const roomId = await t.createRoom(sender);
      await t.join(other, roomId);
      const send = async (who: typeof sender, content: string) => {
        const sent = await t.app.inject({
          method: 'POST',
          url: `/api/chatrooms/${roomId}/messages`,
          headers: who.headers,
          payload: { content },
        });
        await t.app.linkPreviews?.idle();
        const page = await t.app.inject({ url: `/api/chatrooms/${roomId}/messages`, headers: who.headers });
        return (page.json() as Message[]).find((message) => message.id === sent.json().id)?.preview ?? null;
      };
      expect((await send(sender, site.url('/1')))?.title).toBe('One');
      expect(await send(sender, site.url('/2'))).toBeNull();
      expect((await send(sender, `again ${site.url('/1')}`))?.title).toBe('One');
      expect((await send(other, site.url('/2')))?.title).toBe('Two');
      expect(site.requests.map((request) => request.path)).toEqual(['/1', '/2']);
    } finally {
      await t.close();
      await site.close();
    }
  });
});

describe('link previews turned off', () => {
  it('fetches nothing with LINK_PREVIEWS=off', async () => {
    const t = await createTestApp({ env: { LINK_PREVIEWS: 'off' } });
    try {
      expect(t.app.linkPreviews).toBeNull();
      const author = await t.signIn();
      const roomId = await t.createRoom(author);
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chatrooms/${roomId}/messages`,
        headers: author.headers,
        payload: { content: 'https://example.com/' },
      });
      expect(sent.json().preview).toBeNull();
    } finally {
      await t.close();
    }
  });
});
