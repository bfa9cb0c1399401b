import { leverOn } from '../config/perf-levers';
import type { MessagesQuery } from '../schemas/message';

/**
 * Asks the API for each message's syntax tree, so the chat remote renders formatted text without parsing it
 * on the main thread (docs/api.md, `include=tree`); not asked by a build showing plain text (the bench's).
 * Its own module: the shell's server, which draws a room from the same page, asks as the page does.
 */
export function treesAsked(): Pick<MessagesQuery, 'include'> {
  return leverOn('rich-text') ? { include: 'tree' } : {};
}
