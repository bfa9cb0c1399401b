import { type ThemeConfig, theme } from 'antd';

export const brand = {
  primary: '#22c55e',
  accent: '#a855f7',
} as const;

/** Dark by default, green primary, violet accent (spec section 2, Appearance). */
export const appTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: brand.primary,
    colorInfo: brand.accent,
    colorLink: brand.accent,
    borderRadius: 8,
  },
  components: {
    Modal: { motionDurationMid: '0.2s' },
    // antd's default header is navy; keep it in the dark neutral palette with a green accent line.
    Layout: { headerBg: '#141414', headerPadding: '0 24px' },
  },
};
