import { describe, expect, it } from '@rstest/core';
import { theme } from 'antd';
import { appTheme } from './theme';

/** WCAG 2.1 contrast ratio of two opaque #rgb or #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
    const [r = 0, g = 0, b = 0] = (digits.match(/../g) ?? []).map((pair) => {
      const channel = Number.parseInt(pair, 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the theme', () => {
  const token = theme.getDesignToken(appTheme);
  const buttonText = appTheme.components?.Button?.primaryColor ?? token.colorTextLightSolid;

  it('keeps primary button text at AA contrast at rest, on hover and pressed', () => {
    for (const background of [token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive]) {
      expect(contrast(buttonText, background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws the focus ring at 3:1 or more against the page', () => {
    expect(contrast(token.colorPrimaryBorder, token.colorBgLayout)).toBeGreaterThanOrEqual(3);
    expect(contrast(token.colorPrimaryBorder, token.colorBgContainer)).toBeGreaterThanOrEqual(3);
  });
});
