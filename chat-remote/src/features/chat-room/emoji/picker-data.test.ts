import { normaliseEmoji } from '@chat/shared/emoji-rule';
import { describe, expect, it } from '@rstest/core';
import { loadPickerData, RECENT_CATEGORY, withRecentCategory } from './picker-data';

describe('the picker data', () => {
  it('offers only emoji the API accepts, spelt as it stores them', async () => {
    const data = await loadPickerData();
    expect(data.emojis.length).toBeGreaterThan(1800);
    for (const { emoji } of data.emojis) expect(normaliseEmoji(emoji)).toBe(emoji);
    const offered = new Set(data.emojis.map(({ emoji }) => emoji));
    expect(offered.has('☔')).toBe(true);
    expect(offered.has('☔\uFE0F')).toBe(false);
    // Regional indicators and skin-tone swatches are parts of emoji, not emoji.
    expect(offered.has('🇦')).toBe(false);
    expect(offered.has('🏻')).toBe(false);
    expect(data.categories.map(({ label }) => label)).not.toContain('Components');
  });

  it("finds 🎉 by 'tada'", async () => {
    const data = await loadPickerData();
    expect(data.emojis.find(({ emoji }) => emoji === '🎉')?.tags).toContain('tada');
  });

  it('lists the recent emoji first, most recent first, skipping any it does not offer', async () => {
    const data = await loadPickerData();
    const withRecent = withRecentCategory(data, ['👍', 'x', '🎉']);
    expect(withRecent.categories[0]).toEqual(RECENT_CATEGORY);
    expect(withRecent.emojis.slice(0, 2).map(({ emoji, category }) => [emoji, category])).toEqual([
      ['👍', RECENT_CATEGORY.index],
      ['🎉', RECENT_CATEGORY.index],
    ]);
    expect(withRecentCategory(data, [])).toBe(data);
  });
});
