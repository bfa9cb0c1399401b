import { describe, expect, it } from '@rstest/core';
import { antdStyledComponents } from './antd-static-styles';

describe('the antd components a static stylesheet must cover', () => {
  it('follows what a component renders inside it', () => {
    const covered = antdStyledComponents(['Dropdown', 'Form', 'App']);
    // A Dropdown's list is a Menu; a Form lays out its items with Row and Col; App's hooks open
    // notifications, messages and modals.
    expect(covered).toEqual(
      expect.arrayContaining([
        'Dropdown',
        'Menu',
        'Form',
        'Row',
        'Col',
        'App',
        'notification',
        'message',
        'Modal',
      ]),
    );
  });

  it('leaves out what nothing imported can render', () => {
    const covered = antdStyledComponents(['Button']);
    expect(covered).toContain('Button');
    for (const unused of ['Table', 'DatePicker', 'Menu', 'Form']) expect(covered).not.toContain(unused);
  });
});
