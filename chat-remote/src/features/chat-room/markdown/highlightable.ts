/**
 * The fence languages the highlighter's chunk has a grammar for (Prism's, each a chunk of its own: highlight/load-grammar.ts), by
 * the names people type after ```. Another name shows the block plain, without loading the chunk.
 */
const GRAMMARS: Record<string, string> = {
  c: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  css: 'css',
  go: 'go',
  golang: 'go',
  graphql: 'graphql',
  html: 'markup',
  xml: 'markup',
  svg: 'markup',
  js: 'javascript',
  javascript: 'javascript',
  jsx: 'jsx',
  json: 'json',
  kotlin: 'kotlin',
  kt: 'kotlin',
  markdown: 'markdown',
  md: 'markdown',
  objc: 'objectivec',
  objectivec: 'objectivec',
  py: 'python',
  python: 'python',
  rust: 'rust',
  rs: 'rust',
  sql: 'sql',
  swift: 'swift',
  ts: 'typescript',
  typescript: 'typescript',
  tsx: 'tsx',
  yaml: 'yaml',
  yml: 'yaml',
};

export function highlightable(language: string | null): string | null {
  return (language && GRAMMARS[language.toLowerCase()]) || null;
}
