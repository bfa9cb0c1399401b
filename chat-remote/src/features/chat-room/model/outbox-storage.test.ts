import { afterEach, describe, expect, it } from '@rstest/core';
import { createOutboxStorage, outboxKey } from './outbox-storage';
import { newOutgoing, type Outgoing } from './outgoing';

const key = outboxKey(2, 7);
afterEach(() => localStorage.clear());

const text = (content: string, id: string, at = '2026-01-01T10:00:00.000Z') =>
  newOutgoing({ content, file: null }, id, new Date(at));
const failed = (entry: Outgoing): Outgoing => ({ ...entry, status: 'failed', error: 'No connection.' });
const image = (id: string) => newOutgoing({ content: '', file: new File(['png'], 'a.png') }, id);

describe('outbox storage', () => {
  it('keeps unsent text across a reload: same client_msg_id, text and time, pending again, in order', () => {
    const before = createOutboxStorage(key, localStorage);
    before.save([
      failed(text('first', 'id-1', '2026-01-01T10:00:00.000Z')),
      text('second', 'id-2', '2026-01-01T10:00:01.000Z'),
    ]);

    const after = createOutboxStorage(key, localStorage).load();
    expect(after).toEqual([
      text('first', 'id-1', '2026-01-01T10:00:00.000Z'),
      text('second', 'id-2', '2026-01-01T10:00:01.000Z'),
    ]);
    expect(after.map((entry) => entry.status)).toEqual(['pending', 'pending']);
  });

  it('keeps no image (a File cannot be stored) and nothing of the upload', () => {
    createOutboxStorage(key, localStorage).save([image('img-1'), text('words', 'id-1')]);
    expect(
      createOutboxStorage(key, localStorage)
        .load()
        .map((entry) => entry.clientMsgId),
    ).toEqual(['id-1']);
  });

  it('forgets a message once it has left the outbox (sent or discarded), and the key with the last one', () => {
    const storage = createOutboxStorage(key, localStorage);
    storage.save([text('a', 'id-1'), text('b', 'id-2')]);
    storage.save([text('b', 'id-2')]);
    expect(
      createOutboxStorage(key, localStorage)
        .load()
        .map((entry) => entry.content),
    ).toEqual(['b']);
    storage.save([]);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it("writes only when its text messages change, not on a status change or an upload's progress", () => {
    let writes = 0;
    const counting = {
      getItem: (name: string) => localStorage.getItem(name),
      setItem: (name: string, value: string) => {
        writes++;
        localStorage.setItem(name, value);
      },
      removeItem: (name: string) => localStorage.removeItem(name),
    } as Storage;
    const storage = createOutboxStorage(key, counting);
    const entry = text('a', 'id-1');
    storage.save([entry, image('img-1')]);
    storage.save([failed(entry), { ...image('img-1'), progress: 0.5 }]);
    storage.save([failed(entry)]);
    expect(writes).toBe(1);
  });

  it('is per user and room', () => {
    createOutboxStorage(outboxKey(2, 7), localStorage).save([text('room 7', 'id-1')]);
    expect(createOutboxStorage(outboxKey(2, 8), localStorage).load()).toEqual([]);
    expect(createOutboxStorage(outboxKey(3, 7), localStorage).load()).toEqual([]);
  });

  it("leaves another tab's messages for the same room in place, and keeps the order written", () => {
    const tabA = createOutboxStorage(key, localStorage);
    const tabB = createOutboxStorage(key, localStorage);
    tabA.save([text('from A', 'a-1', '2026-01-01T10:00:00.000Z')]);
    tabB.save([text('from B', 'b-1', '2026-01-01T10:00:01.000Z')]);
    tabA.save([text('from A', 'a-1'), text('A again', 'a-2', '2026-01-01T10:00:02.000Z')]);
    expect(
      createOutboxStorage(key, localStorage)
        .load()
        .map((entry) => entry.content),
    ).toEqual(['from A', 'from B', 'A again']);

    // A tab that loaded B's message holds it too: when it is sent from there, it is forgotten.
    const reloaded = createOutboxStorage(key, localStorage);
    reloaded.load();
    reloaded.save([]);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('ignores what it cannot read, and never throws when storage refuses or is missing', () => {
    localStorage.setItem(key, '{not json');
    expect(createOutboxStorage(key, localStorage).load()).toEqual([]);
    localStorage.setItem(
      key,
      JSON.stringify([{ clientMsgId: 'id-1' }, 5, { clientMsgId: 'id-2', content: 'ok', createdAt: 'soon' }]),
    );
    expect(createOutboxStorage(key, localStorage).load()).toEqual([]);

    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    expect(() => createOutboxStorage(key, full).save([text('a', 'id-1')])).not.toThrow();
    expect(createOutboxStorage(key, null).load()).toEqual([]);
    expect(() => createOutboxStorage(key, null).save([text('a', 'id-1')])).not.toThrow();
  });
});
