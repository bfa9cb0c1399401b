/**
 * Whether a message may hold Markdown, tested cheaply: a message with none of these characters renders as
 * plain text without ever loading the parser. A false "yes" only costs a parse; a false "no" would show
 * markup as typed, so every construct the renderer knows has its trigger here (emphasis, code, quotes,
 * headings, lists, links and autolinks, entities, escapes, HTML shown as text).
 */
const MARKUP = /[*_~`>#[\]<&\\|!]|https?:|mailto:|www\.|^\s*([-+*]|\d+[.)])\s|^\s*(-{3,}|={3,})\s*$/im;

export function mayHaveMarkup(content: string): boolean {
  return MARKUP.test(content);
}
