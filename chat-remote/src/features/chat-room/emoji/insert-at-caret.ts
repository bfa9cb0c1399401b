import type { RefObject } from 'react';

/** What antd's Input and TextArea refs have in common: the element they render. */
export interface FieldRef {
  nativeElement?: HTMLElement | null;
}

/** The text control behind an antd Input or TextArea ref (the wrapper holds it when there is an affix). */
export function fieldElement(ref: RefObject<FieldRef | null>): HTMLInputElement | HTMLTextAreaElement | null {
  const root = ref.current?.nativeElement ?? null;
  if (root instanceof HTMLInputElement || root instanceof HTMLTextAreaElement) return root;
  return root?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea') ?? null;
}

/** `text` with `inserted` in place of the selection [start, end), and where the caret goes after it. */
export function insertAtCaret(text: string, start: number, end: number, inserted: string) {
  return { text: text.slice(0, start) + inserted + text.slice(end), caret: start + inserted.length };
}
