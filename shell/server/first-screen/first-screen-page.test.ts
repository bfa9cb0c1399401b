import { createHash } from 'node:crypto';
import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from '@chat/shared/first-screen';
import { describe, expect, it } from '@rstest/core';
import { styleAttributeHashes, withFirstScreen } from './first-screen-page';

const sha256 = (value: string) => `sha256-${createHash('sha256').update(value).digest('base64')}`;

const template = [
  '<head><link rel="preload" as="style" href="/static/css/antd.1.css" data-antd-static></head>',
  '<div id="root"><div aria-hidden="true" data-screen="signed-in">',
  '<main class="app-shell-content"><div class="app-shell-card"></div></main></div></div>',
].join('');

describe('styleAttributeHashes', () => {
  it('hashes each distinct style attribute as the browser reads it back', () => {
    const markup =
      '<p style="margin:0">a</p><p style="margin:0">b</p><i style="font-family:&quot;X&quot;">c</i>';
    expect(styleAttributeHashes(markup)).toEqual([sha256('margin:0'), sha256('font-family:"X"')]);
  });
});

describe('withFirstScreen', () => {
  it('puts the drawing where the card was, applies antd’s sheet, and carries data no message can break out of', () => {
    const data = {
      v: 1,
      queries: [[['x'], '</script><script>alert(1)</script>']],
    } as unknown as FirstScreenData;
    const page = withFirstScreen(template, { markup: '<h2>Lake</h2>', data });
    expect(page).toContain('<link rel="stylesheet" href="/static/css/antd.1.css" data-antd-static>');
    expect(page).toContain('<div data-screen="signed-in">');
    expect(page).toContain('<div id="first-screen"><h2>Lake</h2></div>');
    expect(page).not.toContain('app-shell-card');
    const block = page.slice(page.indexOf(`id="${FIRST_SCREEN_DATA_ID}">`));
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = block.slice(block.indexOf('>') + 1, block.indexOf('</script>'));
    expect(JSON.parse(json)).toEqual(data);
  });
});
