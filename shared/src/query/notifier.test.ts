import { describe, expect, it } from '@rstest/core';
import type { NotificationArgsProps } from 'antd';
import { createNotifier } from './notifier';

describe('notifier', () => {
  it('holds notifications raised before antd is ready and delivers them in order once bound', () => {
    const notifier = createNotifier();
    const shown: NotificationArgsProps[] = [];
    notifier.open({ title: 'first' });
    notifier.open({ title: 'second' });
    notifier.bind({ open: (args) => shown.push(args) });
    notifier.open({ title: 'third' });
    expect(shown.map((args) => args.title)).toEqual(['first', 'second', 'third']);
  });
});
