import type { Grammar } from 'prismjs';
import { Prism } from './prism';

/**
 * Each grammar the highlighter knows (highlightable.ts names them), as a chunk of its own with the grammars
 * it builds on (a few hundred bytes to 2 KB gzip): a room pays only for the languages its code blocks use.
 */
const GRAMMARS: Record<string, () => Promise<unknown>> = {
  c: () => import(/* webpackChunkName: "prism-c" */ './grammars/c'),
  cpp: () => import(/* webpackChunkName: "prism-cpp" */ './grammars/cpp'),
  css: () => import(/* webpackChunkName: "prism-css" */ './grammars/css'),
  go: () => import(/* webpackChunkName: "prism-go" */ './grammars/go'),
  graphql: () => import(/* webpackChunkName: "prism-graphql" */ './grammars/graphql'),
  javascript: () => import(/* webpackChunkName: "prism-javascript" */ './grammars/javascript'),
  json: () => import(/* webpackChunkName: "prism-json" */ './grammars/json'),
  jsx: () => import(/* webpackChunkName: "prism-jsx" */ './grammars/jsx'),
  kotlin: () => import(/* webpackChunkName: "prism-kotlin" */ './grammars/kotlin'),
  markdown: () => import(/* webpackChunkName: "prism-markdown" */ './grammars/markdown'),
  markup: () => import(/* webpackChunkName: "prism-markup" */ './grammars/markup'),
  objectivec: () => import(/* webpackChunkName: "prism-objectivec" */ './grammars/objectivec'),
  python: () => import(/* webpackChunkName: "prism-python" */ './grammars/python'),
  rust: () => import(/* webpackChunkName: "prism-rust" */ './grammars/rust'),
  sql: () => import(/* webpackChunkName: "prism-sql" */ './grammars/sql'),
  swift: () => import(/* webpackChunkName: "prism-swift" */ './grammars/swift'),
  tsx: () => import(/* webpackChunkName: "prism-tsx" */ './grammars/tsx'),
  typescript: () => import(/* webpackChunkName: "prism-typescript" */ './grammars/typescript'),
  yaml: () => import(/* webpackChunkName: "prism-yaml" */ './grammars/yaml'),
};

/** Prism's grammar for `language` (a Prism name), loaded once; null for a language it has none for. */
export async function loadGrammar(language: string): Promise<Grammar | null> {
  const load = GRAMMARS[language];
  if (!load) return null;
  if (!Prism.languages[language]) await load();
  return Prism.languages[language] ?? null;
}
