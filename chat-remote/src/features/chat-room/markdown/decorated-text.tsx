import type { GlobalToken } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { type Decorations, decoratedPieces } from './decorations';

/** How a mention and a search highlight look. */
export interface DecorationStyles {
  mention: CSSProperties;
  mark: CSSProperties;
}

/**
 * The decorations' styles from the theme, made once per theme (markdownStyles): a formatted message has a
 * piece of text per word run, and the theme hook in each of them was most of a row's mount in a long room.
 */
export function decorationStyles(token: GlobalToken): DecorationStyles {
  return {
    mention: {
      color: token.colorText,
      background: token.colorPrimaryBg,
      fontWeight: token.fontWeightStrong,
      borderRadius: token.borderRadiusSM,
      padding: '0 2px',
    },
    mark: {
      background: token.colorPrimaryBgHover,
      color: token.colorText,
      borderRadius: 2,
      padding: 0,
    },
  };
}

/**
 * The raw text from `start` to `end` with its mentions and search highlights shown: React escapes every
 * piece, nothing here sets HTML. A plain call, not a component: a formatted message has a run of text per
 * word group, and a component each was a fiber each.
 */
export function decoratedText(
  content: string,
  start: number,
  end: number,
  decorations: Decorations,
  styles: DecorationStyles,
): ReactNode {
  const pieces = decoratedPieces(content, start, end, decorations);
  // Undecorated text (most of it) is a text node, not an element: a formatted message has a run of text
  // per word group, and an element each was half of its mount.
  const only = pieces[0];
  if (pieces.length === 1 && only && !only.mention && !only.marked) return only.text;
  return pieces.map((piece, index) => {
    const text = piece.marked ? <mark style={styles.mark}>{piece.text}</mark> : piece.text;
    return piece.mention ? (
      <span key={index} data-mention={piece.mention} style={styles.mention}>
        {text}
      </span>
    ) : (
      <span key={index}>{text}</span>
    );
  });
}
