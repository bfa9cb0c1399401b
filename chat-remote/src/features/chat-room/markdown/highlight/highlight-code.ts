import type { TokenStream } from 'prismjs';
import { loadGrammar } from './load-grammar';
import { Prism } from './prism';
import { tokenColour } from './token-colours';

/** A piece of a line of code and its colour (none: the text's own). */
export interface CodePiece {
  text: string;
  colour?: string | undefined;
}

function flatten(
  stream: TokenStream,
  types: readonly string[],
  out: { text: string; types: readonly string[] }[],
) {
  if (typeof stream === 'string') {
    out.push({ text: stream, types });
  } else if (Array.isArray(stream)) {
    for (const part of stream) flatten(part, types, out);
  } else {
    const aliases = stream.alias === undefined ? [] : ([] as string[]).concat(stream.alias);
    flatten(stream.content, [...types, stream.type, ...aliases], out);
  }
}

/**
 * `code` cut into lines of coloured pieces by Prism's grammar for `language` (loaded first if need be),
 * or null when there is no grammar for it. Prism only tokenizes here: no HTML is made, no `eval` (the CSP
 * forbids it); the caller writes each piece as text. The chunk "code-highlighter" (with Prism's core).
 */
export async function highlightCode(
  code: string,
  language: string,
  dark: boolean,
): Promise<CodePiece[][] | null> {
  const grammar = await loadGrammar(language);
  if (!grammar) return null;
  const pieces: { text: string; types: readonly string[] }[] = [];
  flatten(Prism.tokenize(code, grammar), [], pieces);
  const lines: CodePiece[][] = [[]];
  for (const { text, types } of pieces) {
    const colour = tokenColour(types, language, dark);
    text.split('\n').forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part) lines.at(-1)?.push({ text: part, colour });
    });
  }
  return lines;
}
