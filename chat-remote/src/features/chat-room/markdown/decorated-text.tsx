import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { type Decorations, decoratedPieces } from './decorations';

/**
 * The raw text from `start` to `end` with its mentions and search highlights shown: React escapes every
 * piece, nothing here sets HTML.
 */
export function DecoratedText({
  content,
  start,
  end,
  decorations,
}: {
  content: string;
  start: number;
  end: number;
  decorations: Decorations;
}) {
  const { token } = theme.useToken();
  const mentionStyle: CSSProperties = {
    color: token.colorText,
    background: token.colorPrimaryBg,
    fontWeight: token.fontWeightStrong,
    borderRadius: token.borderRadiusSM,
    padding: '0 2px',
  };
  const markStyle: CSSProperties = {
    background: token.colorPrimaryBgHover,
    color: token.colorText,
    borderRadius: 2,
    padding: 0,
  };
  return decoratedPieces(content, start, end, decorations).map((piece, index) => {
    const text = piece.marked ? <mark style={markStyle}>{piece.text}</mark> : piece.text;
    return piece.mention ? (
      <span key={index} data-mention={piece.mention} style={mentionStyle}>
        {text}
      </span>
    ) : (
      <span key={index}>{text}</span>
    );
  });
}
