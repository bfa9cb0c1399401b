import type { Message } from '@chat/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createUrlSigner } from '../attachments/signed-url';
import { NOTIFICATION_EVENT } from '../realtime/mention-notification';
import type { PublishedEvent } from '../realtime/publisher';
import { apiCaller } from '../testing/api-caller';
import { PNG_1X1 } from '../testing/images';
import { multipart } from '../testing/multipart';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';

const STORES = ['files', 'database'] as const;
const PUBLIC_LINK =
  /^https:\/\/chat\.example\.test\/api\/attachments\/[0-9a-f-]{36}\.png\?expires=\d+&signature=[0-9a-f]{64}$/;
const memberLink = (roomId: number, userId: number) =>
  new RegExp(
    `^https://chat\\.example\\.test/api/attachments/[0-9a-f-]{36}\\.png\\?expires=\\d+&room=${roomId}&user=${userId}&signature=[0-9a-f]{64}$`,
  );

/**
 * A private room's or a direct message's image opens only for the member its link was handed to, and only
 * while they are in the room; a public room's links are as they always were.
 */
describe.each(STORES)('attachment links for members only (%s store)', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  const call = apiCaller(() => t.app);

  const sendImage = async (who: SignedIn, roomId: number, content = '') => {
    const form = await multipart(
      { content },
      { attachment: { bytes: PNG_1X1, filename: 'a.png', type: 'image/png' } },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chatrooms/${roomId}/messages`,
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Message;
  };
  const linkIn = async (who: SignedIn, roomId: number, messageId: number) => {
    const page = (await call(who, 'GET', `/chatrooms/${roomId}/messages`)).json() as Message[];
    return page.find((message) => message.id === messageId)?.attachment_path as string;
  };
  const fetchLink = (link: string) => {
    const { pathname, search } = new URL(link);
    return t.app.inject({ url: pathname + search });
  };
  /** What the first event published since `from` on `channel` (of that `event`, if given) carries. */
  const published = (from: number, channel: string, event?: string) => {
    const found = t.published.events
      .slice(from)
      .find((e) => e.channel === channel && (event === undefined || e.event === event));
    expect(found).toBeDefined();
    return (found as PublishedEvent).data as { message_id: number; message: Message | null };
  };
  const notice = (from: number, who: SignedIn) =>
    published(from, `private-App.Models.User.${who.user.id}`, NOTIFICATION_EVENT).message as Message;
  const privateRoom = async (...members: SignedIn[]) => {
    const created = await call(owner, 'POST', '/chatrooms', {
      name: 'Secret',
      description: 'd',
      max_members: 10,
      private: true,
    });
    const roomId = created.json().id as number;
    for (const who of members) {
      const invited = await call(owner, 'POST', `/chatrooms/${roomId}/members`, {
        username: who.user.username,
      });
      expect(invited.statusCode).toBe(201);
    }
    return roomId;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://chat.example.test', ATTACHMENT_STORE: kind } });
    owner = await t.signIn();
    member = await t.signIn();
    other = await t.signIn();
  });
  afterAll(() => t.close());

  it("signs a private room's image for each reader, and stops opening a member's link once they are removed", async () => {
    const roomId = await privateRoom(member, other);
    const sent = await sendImage(owner, roomId);
    expect(sent.attachment_path).toMatch(memberLink(roomId, owner.user.id));
    const link = await linkIn(member, roomId, sent.id);
    expect(link).toMatch(memberLink(roomId, member.user.id));
    // Stable within the expiry window, per reader.
    expect(await linkIn(member, roomId, sent.id)).toBe(link);
    expect((await fetchLink(link)).statusCode).toBe(200);

    const removed = await call(owner, 'DELETE', `/chatrooms/${roomId}/members/${member.user.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await fetchLink(link)).statusCode).toBe(404);
    // The others' links still open.
    expect((await fetchLink(await linkIn(other, roomId, sent.id))).statusCode).toBe(200);
  });

  it('stops opening a link of a member who left', async () => {
    const roomId = await privateRoom(member);
    const sent = await sendImage(owner, roomId);
    const link = await linkIn(member, roomId, sent.id);
    expect((await fetchLink(link)).statusCode).toBe(200);
    expect((await call(member, 'POST', `/chatrooms/${roomId}/leave`)).statusCode).toBe(200);
    expect((await fetchLink(link)).statusCode).toBe(404);
  });

  it("answers 404 to a member's link with another user's id swapped in, or its room's, or either left out", async () => {
    const roomId = await privateRoom(member, other);
    const sent = await sendImage(owner, roomId);
    const link = await linkIn(member, roomId, sent.id);
    const swapped = link.replace(`&user=${member.user.id}&`, `&user=${other.user.id}&`);
    expect(swapped).not.toBe(link);
    expect((await fetchLink(swapped)).statusCode).toBe(404);
    const elsewhere = await t.createRoom(other);
    expect((await fetchLink(link.replace(`&room=${roomId}&`, `&room=${elsewhere}&`))).statusCode).toBe(404);
    expect((await fetchLink(link.replace(`&user=${member.user.id}`, ''))).statusCode).toBe(404);
    // Without room and user it is a public link, whose signature this one is not.
    const bare = link.replace(`&room=${roomId}&user=${member.user.id}`, '');
    expect((await fetchLink(bare)).statusCode).toBe(403);
  });

  it("answers 404 to a member's expired link", async () => {
    const roomId = await privateRoom(member);
    const sent = await sendImage(owner, roomId);
    const url = new URL(sent.attachment_path as string);
    const expired = createUrlSigner({
      appUrl: 'https://chat.example.test',
      appKey: t.config.appKey,
      ttlSeconds: 60,
      now: () => Date.now() - 3_600_000,
    }).sign(url.pathname.split('/').at(-1) as string, { roomId, userId: owner.user.id });
    expect((await fetchLink(expired)).statusCode).toBe(404);
  });

  it("signs a direct message's image for each of its members", async () => {
    const started = await call(owner, 'POST', '/direct-messages', { usernames: [member.user.username] });
    const roomId = started.json().id as number;
    const from = t.published.events.length;
    const sent = await sendImage(owner, roomId);
    expect(notice(from, member).attachment_path).toMatch(memberLink(roomId, member.user.id));
    const link = await linkIn(member, roomId, sent.id);
    expect(link).toMatch(memberLink(roomId, member.user.id));
    expect((await fetchLink(link)).statusCode).toBe(200);
    expect(
      (await fetchLink(link.replace(`&user=${member.user.id}&`, `&user=${other.user.id}&`))).statusCode,
    ).toBe(404);
  });

  it("leaves a public room's links as they were: for anyone holding them, whoever leaves", async () => {
    const roomId = await t.createRoom(owner);
    await t.join(member, roomId);
    const sent = await sendImage(owner, roomId);
    expect(sent.attachment_path).toMatch(PUBLIC_LINK);
    const link = await linkIn(member, roomId, sent.id);
    expect(link).toBe(sent.attachment_path);
    expect((await call(member, 'POST', `/chatrooms/${roomId}/leave`)).statusCode).toBe(200);
    expect((await fetchLink(link)).statusCode).toBe(200);
  });

  it("keeps a members-only image's link out of the events all members hear, and gives each notified member their own", async () => {
    const roomId = await privateRoom(member, other);
    const from = t.published.events.length;
    const sent = await sendImage(owner, roomId, `look @${member.user.username}`);
    expect(published(from, `private-chatroom.${roomId}`)).toMatchObject({
      message_id: sent.id,
      message: null,
    });
    expect(notice(from, member).attachment_path).toMatch(memberLink(roomId, member.user.id));

    const beforeEdit = t.published.events.length;
    expect(
      (await call(owner, 'PATCH', `/chatrooms/${roomId}/messages/${sent.id}`, { content: 'edited' }))
        .statusCode,
    ).toBe(200);
    const updated = t.published.events
      .slice(beforeEdit)
      .find((e) => e.channel === `private-chatroom.${roomId}`);
    expect(updated?.data).toMatchObject({ message_id: sent.id, message: null });
  });

  it("still carries a public room's image in its room events", async () => {
    const roomId = await t.createRoom(owner);
    const from = t.published.events.length;
    const sent = await sendImage(owner, roomId);
    expect(published(from, `private-chatroom.${roomId}`).message?.attachment_path).toBe(sent.attachment_path);
  });
});
