import type { GetRef, Input } from 'antd';
import { type RefObject, useLayoutEffect } from 'react';

type TextAreaRef = GetRef<typeof Input.TextArea>;

/**
 * Grows a text area with its text, from one line up to `maxRows`, then it scrolls. antd's `autoSize` measures
 * in a hidden copy styled through a style attribute, which the page's CSP refuses (no 'unsafe-inline' for
 * styles): the copy then shows, unstyled, at the foot of the page, and the height is wrong. Setting the
 * element's own style property is not an inline style in CSP's sense, so the height is set here that way.
 */
export function useFittedHeight(ref: RefObject<TextAreaRef | null>, text: string, maxRows: number): void {
  useLayoutEffect(() => {
    const element = ref.current?.resizableTextArea?.textArea;
    if (!element) return;
    const style = getComputedStyle(element);
    const px = (value: string) => Number.parseFloat(value) || 0;
    const borders = px(style.borderTopWidth) + px(style.borderBottomWidth);
    const padding = px(style.paddingTop) + px(style.paddingBottom);
    const line = px(style.lineHeight) || px(style.fontSize) * 1.5715;
    const most = line * maxRows + padding + borders;
    element.style.height = 'auto';
    const wanted = element.scrollHeight + (style.boxSizing === 'border-box' ? borders : -padding);
    element.style.height = `${Math.min(wanted, most)}px`;
    element.style.overflowY = wanted > most ? 'auto' : 'hidden';
  }, [ref, text, maxRows]);
}
