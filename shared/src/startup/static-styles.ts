/** Marks the `<link rel="preload" as="style">` of the stylesheet antd draws with (shared/build/antd-static-styles.ts). */
export const STATIC_STYLES_ATTRIBUTE = 'data-antd-static';

/**
 * Applies the page's preloaded antd stylesheet and resolves once it has loaded, so nothing renders unstyled. The
 * HTML only preloads it: as a plain stylesheet it would hold the app shell's first paint for its download. A
 * page without one (a build with runtime styles, a test) resolves at once; one that fails to load is reported
 * and rendered anyway, as antd's own layout still makes the screen usable.
 */
export function staticStylesLoaded(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>(`link[rel="preload"][${STATIC_STYLES_ATTRIBUTE}]`);
  if (!preload) return Promise.resolve();
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = preload.href;
  const loaded = new Promise<void>((resolve) => {
    sheet.addEventListener('load', () => resolve());
    sheet.addEventListener('error', () => {
      console.error(`The stylesheet ${sheet.href} did not load`);
      resolve();
    });
  });
  // Before any style antd inserts at run time (its CSS variables), as a head stylesheet would be.
  preload.after(sheet);
  return loaded;
}
