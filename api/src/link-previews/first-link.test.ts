import { describe, expect, it } from '@rstest/core';
import { firstLink } from './first-link';

describe('the first link of a message', () => {
  it('is the first http(s) link the renderer shows, never one in code', () => {
    expect(firstLink('see https://a.example/x and http://b.example')).toBe('https://a.example/x');
    expect(firstLink('`https://code.example` then [text](http://md.example/p)')).toBe('http://md.example/p');
    expect(firstLink('```\nhttps://block.example\n```\n<https://angle.example>')).toBe(
      'https://angle.example',
    );
    expect(firstLink('www.example.com is read as http')).toBe('http://www.example.com');
    expect(firstLink('mail ann@example.com, [x](ftp://f.example), [y](javascript:alert(1))')).toBeNull();
    expect(firstLink('no link here')).toBeNull();
  });
});
