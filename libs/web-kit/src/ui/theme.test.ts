import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('the theme', () => {
  it.each(Object.keys(full.colors))(
    'when a light %s alert or badge is drawn, then its text reads at 4.5:1 or more on its tint',
    (color) => {
      // Mantine's light variant: the text in --mantine-color-<c>-light-color (shade 9 unless ours says
      // otherwise) on --mantine-color-<c>-light (shade 1).
      const text = (cssVariablesResolver(full).light as Record<string, string>)[`--mantine-color-${color}-light-color`] ?? full.colors[color][9];
      expect(contrast(text, full.colors[color][1])).toBeGreaterThanOrEqual(4.5);
    },
  );
});
