import { describe, expect, it } from '@rstest/core';
import { highlightCode } from './highlight-code';

describe('highlightCode', () => {
  it("colours a language's tokens with its grammar, loaded on demand, line by line", async () => {
    const lines = await highlightCode('const answer = 42;\n// done', 'typescript', false);
    expect(lines?.map((line) => line.map((piece) => piece.text).join(''))).toEqual([
      'const answer = 42;',
      '// done',
    ]);
    expect(lines?.[0]).toContainEqual({ text: 'const', colour: 'rgb(0, 0, 255)' });
    expect(lines?.[0]).toContainEqual({ text: '42', colour: 'rgb(9, 134, 88)' });
    expect(lines?.[1]).toEqual([{ text: '// done', colour: 'rgb(0, 128, 0)' }]);
  });

  it('takes the dark theme colours in the dark', async () => {
    const lines = await highlightCode('def f(): pass', 'python', true);
    expect(lines?.[0]).toContainEqual({ text: 'def', colour: 'rgb(86, 156, 214)' });
  });

  it('gives nothing for a language without a grammar', async () => {
    expect(await highlightCode('x', 'cobol', false)).toBeNull();
  });
});
