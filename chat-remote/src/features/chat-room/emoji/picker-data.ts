import type { EmojiData } from 'frimousse';
import { emojiFromHexcode } from './emoji-from-hexcode';

/** The part of an Emojibase entry the picker reads (emojibase-data/en/compact.json: the smallest with tags). */
interface EmojibaseEntry {
  label: string;
  hexcode: string;
  tags?: string[];
  /** Absent for the regional indicators; 2 is the 'component' group (skin-tone and hair swatches). */
  group?: number;
}

/** The part of emojibase-data/en/messages.json the picker reads. */
interface EmojibaseMessages {
  groups: { key: string; message: string; order: number }[];
  skinTones: { key: string; message: string }[];
}

const COMPONENT_GROUP = 'component';
/** The category the recently used emoji are listed under, before every other. */
export const RECENT_CATEGORY = { index: -1, label: 'Recently used' } as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Emojibase's English data as frimousse reads it, keeping only what the API accepts as a reaction (spelt as
 * it stores it). Skin-tone variants are left out: the picker offers each emoji once, in its default tone.
 */
export function toPickerData(entries: readonly EmojibaseEntry[], messages: EmojibaseMessages): EmojiData {
  const groups = messages.groups.filter((group) => group.key !== COMPONENT_GROUP);
  const offered = new Set(groups.map((group) => group.order));
  const emojis: EmojiData['emojis'] = [];
  for (const entry of entries) {
    if (entry.group === undefined || !offered.has(entry.group)) continue;
    const emoji = emojiFromHexcode(entry.hexcode);
    if (!emoji) continue;
    emojis.push({
      emoji,
      category: entry.group,
      label: capitalised(entry.label),
      // Frimousse reads the version only to hide what the browser cannot draw, and not in data given to it.
      version: 0,
      tags: entry.tags ?? [],
    });
  }
  const tone = (key: string) => messages.skinTones.find((skin) => skin.key === key)?.message ?? key;
  return {
    locale: 'en',
    emojis,
    categories: groups.map((group) => ({ index: group.order, label: capitalised(group.message) })),
    skinTones: {
      light: tone('light'),
      'medium-light': tone('medium-light'),
      medium: tone('medium'),
      'medium-dark': tone('medium-dark'),
      dark: tone('dark'),
    },
  };
}

/** The data with the user's recent emoji listed first (most recent first), found by their spelling. */
export function withRecentCategory(data: EmojiData, recent: readonly string[]): EmojiData {
  const byEmoji = new Map(data.emojis.map((entry) => [entry.emoji, entry]));
  const used = recent.flatMap((emoji) => {
    const entry = byEmoji.get(emoji);
    return entry ? [{ ...entry, category: RECENT_CATEGORY.index }] : [];
  });
  if (used.length === 0) return data;
  return { ...data, emojis: [...used, ...data.emojis], categories: [RECENT_CATEGORY, ...data.categories] };
}

let loading: Promise<EmojiData> | null = null;

/**
 * The picker's data, bundled with the app as chunks of their own and read the first time a picker opens (the
 * page's CSP lets no CDN be fetched). Once read, it is kept for the page's life.
 */
export function loadPickerData(): Promise<EmojiData> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "emoji-data" */ 'emojibase-data/en/compact.json'),
    import(/* webpackChunkName: "emoji-data" */ 'emojibase-data/en/messages.json'),
  ]).then(
    ([entries, messages]) =>
      toPickerData(entries.default as EmojibaseEntry[], messages.default as EmojibaseMessages),
    (error: unknown) => {
      // A chunk that failed to load (offline) is asked for again at the next opening.
      loading = null;
      throw error;
    },
  );
  return loading;
}
