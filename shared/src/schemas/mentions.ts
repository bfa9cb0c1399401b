/**
 * `@username` in a message's text. A username may hold any character, but only one made of letters, marks,
 * digits, `_`, `.` and `-` can be mentioned: the mention is `@` (not right after one of those characters, so
 * `ann@example.com` mentions nobody) and the longest run of them after it, at most 64 (a username's maximum).
 * A run ending in `.` or `-` also names the username without them (`@alice.` at the end of a sentence).
 * Names compare regardless of case, as usernames are unique regardless of case.
 */
export const MENTION_PATTERN =
  /(?<![\p{L}\p{M}\p{N}_.-])@([\p{L}\p{M}\p{N}_.-]{1,64})(?![\p{L}\p{M}\p{N}_.-])/gu;

/** At most this many different names of one message are looked up. */
export const MENTION_NAMES_MAX = 50;

/**
 * The names a text may mention, in order of first use, each as written (the server keeps those that are
 * usernames of the room's members, see Message.mentions).
 */
export function mentionedNames(content: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    const key = name.toLowerCase();
    if (name === '' || seen.has(key) || names.length >= MENTION_NAMES_MAX) return;
    seen.add(key);
    names.push(name);
  };
  for (const match of content.matchAll(MENTION_PATTERN)) {
    const run = match[1] as string;
    add(run);
    add(run.replace(/[.-]+$/u, ''));
  }
  return names;
}
