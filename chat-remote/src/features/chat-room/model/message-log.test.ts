import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { aMessage, pageArb } from '../../../testing/messages';
import { lastId, type MessageLog, mergeMessages } from './message-log';

const ids = (log: MessageLog) => log.map((message) => message.id);

describe('mergeMessages', () => {
  it('keeps ids strictly ascending, whatever order the pages come in', () => {
    fc.assert(
      fc.property(fc.array(pageArb, { maxLength: 6 }), (pages) => {
        const log = pages.reduce<MessageLog>(mergeMessages, []);
        expect(ids(log)).toEqual([...new Set(ids(log))].sort((a, b) => a - b));
      }),
    );
  });

  it('holds exactly the union of the ids it was given: nothing lost, nothing twice', () => {
    fc.assert(
      fc.property(fc.array(pageArb, { maxLength: 6 }), (pages) => {
        const log = pages.reduce<MessageLog>(mergeMessages, []);
        expect(new Set(ids(log))).toEqual(new Set(pages.flat().map((message) => message.id)));
        expect(new Set(ids(log)).size).toBe(log.length);
      }),
    );
  });

  it('gives the same ids for any order of arrival, and merging a page twice changes nothing', () => {
    fc.assert(
      fc.property(pageArb, pageArb, pageArb, (a, b, c) => {
        const forward = [a, b, c].reduce<MessageLog>(mergeMessages, []);
        const backward = [c, b, a].reduce<MessageLog>(mergeMessages, []);
        expect(ids(forward)).toEqual(ids(backward));
        expect(ids(mergeMessages(forward, b))).toEqual(ids(forward));
      }),
    );
  });

  it('replaces a held message with its newer copy (a renewed signed URL)', () => {
    const held = [aMessage(1), aMessage(2, { attachment_path: 'https://api.test/old' })];
    const log = mergeMessages(held, [aMessage(2, { attachment_path: 'https://api.test/new' })]);
    expect(log.map((message) => message.attachment_path)).toEqual([null, 'https://api.test/new']);
  });

  it('appends and prepends pages without disturbing what is held', () => {
    const held = [aMessage(10), aMessage(11)];
    expect(ids(mergeMessages(held, [aMessage(13), aMessage(12)]))).toEqual([10, 11, 12, 13]);
    expect(ids(mergeMessages(held, [aMessage(8), aMessage(9)]))).toEqual([8, 9, 10, 11]);
    expect(mergeMessages(held, [])).toBe(held);
  });

  it('reports the last id held', () => {
    expect(lastId([])).toBeNull();
    expect(lastId([aMessage(3), aMessage(7)])).toBe(7);
  });
});
