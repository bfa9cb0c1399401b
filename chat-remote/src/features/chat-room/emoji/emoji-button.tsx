import { Button } from 'antd';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { type FieldRef, fieldElement, insertAtCaret } from './insert-at-caret';
import { LazyEmojiPicker } from './lazy-emoji-picker';
import { SmileyIcon } from './smiley-icon';

/** Px kept between the panel and the window's edges. */
const VIEW_MARGIN = 8;

interface EmojiButtonProps {
  /** The message field: the emoji goes in at its caret (or in place of its selection). */
  field: RefObject<FieldRef | null>;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The message bar's 'Emoji': opens the picker above the bar (no overlay: the bar is already fixed). Escape or
 * a click elsewhere closes it and the focus goes back to the button; a pick closes it and puts the caret after
 * the emoji in the field, so writing goes on.
 */
export function EmojiButton({ field, value, onChange }: EmojiButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popup.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  // Anchored to the button's right edge, the panel would run off a phone's left edge: it is moved back in
  // whenever its size changes (the picker loads, then fills).
  useEffect(() => {
    const panel = popup.current;
    if (!open || !panel) return;
    const keepInView = () => {
      panel.style.transform = '';
      const { left } = panel.getBoundingClientRect();
      if (left < VIEW_MARGIN) panel.style.transform = `translateX(${VIEW_MARGIN - left}px)`;
    };
    const observer = new ResizeObserver(keepInView);
    observer.observe(panel);
    return () => observer.disconnect();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // The bar's own Escape (cancel a reply) is not meant for the picker.
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  const insert = (emoji: string) => {
    setOpen(false);
    const element = fieldElement(field);
    const start = element?.selectionStart ?? value.length;
    const next = insertAtCaret(value, start, element?.selectionEnd ?? start, emoji);
    onChange(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <span style={{ position: 'relative', display: 'inline-flex' }}>
      {open && (
        <div
          ref={popup}
          role="dialog"
          aria-label="Choose an emoji"
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            right: 0,
            bottom: 'calc(100% + 12px)',
            zIndex: 20,
            maxWidth: `calc(100vw - ${2 * VIEW_MARGIN}px)`,
          }}
        >
          <LazyEmojiPicker onPick={insert} />
        </div>
      )}
      <Button
        ref={button}
        aria-label="Emoji"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        <SmileyIcon />
      </Button>
    </span>
  );
}
