import { describe, expect, it } from '@rstest/core';
import { httpUrl } from './safe-url';

describe('httpUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(httpUrl('https://api.test/files/a.png?signature=x')).toBe(
      'https://api.test/files/a.png?signature=x',
    );
    expect(httpUrl('http://localhost:8000/a.png')).toBe('http://localhost:8000/a.png');
  });

  it('refuses every other scheme, relative paths and garbage', () => {
    for (const raw of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/png;base64,AAAA',
      '/a.png',
      'a.png',
      '',
      null,
    ]) {
      expect(httpUrl(raw)).toBeNull();
    }
  });
});
