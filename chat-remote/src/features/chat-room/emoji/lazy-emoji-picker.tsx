import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { EmojiPickerPanelProps } from './emoji-picker-panel';
import { loadPickerData } from './picker-data';

// The picker and its data are chunks of their own, asked for together the first time a picker opens.
const EmojiPickerPanel = lazy(() => {
  void loadPickerData().catch(() => undefined);
  return import(/* webpackChunkName: "emoji-picker" */ './emoji-picker-panel').then((module) => ({
    default: module.EmojiPickerPanel,
  }));
});

/** The emoji picker, loaded the first time it is shown. */
export function LazyEmojiPicker(props: EmojiPickerPanelProps) {
  return (
    <Suspense fallback={<Spin size="small" aria-label="Loading emoji" />}>
      <EmojiPickerPanel {...props} />
    </Suspense>
  );
}
