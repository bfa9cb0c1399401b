/**
 * The colours of VS Code's light and dark themes for Prism's token types (as prism-react-renderer's
 * vsLight and vsDark had them, which the accessibility audits passed with): only the colour, the text
 * keeps the app's font and background.
 */
const LIGHT: Record<string, string> = {
  comment: 'rgb(0, 128, 0)',
  builtin: 'rgb(0, 112, 193)',
  number: 'rgb(9, 134, 88)',
  variable: 'rgb(9, 134, 88)',
  inserted: 'rgb(9, 134, 88)',
  operator: 'rgb(0, 0, 0)',
  constant: 'rgb(129, 31, 63)',
  char: 'rgb(129, 31, 63)',
  tag: 'rgb(128, 0, 0)',
  'attr-name': 'rgb(255, 0, 0)',
  deleted: 'rgb(163, 21, 21)',
  string: 'rgb(163, 21, 21)',
  changed: 'rgb(4, 81, 165)',
  punctuation: 'rgb(4, 81, 165)',
  function: 'rgb(0, 0, 255)',
  keyword: 'rgb(0, 0, 255)',
  'class-name': 'rgb(38, 127, 153)',
};

const DARK: Record<string, string> = {
  prolog: 'rgb(0, 0, 128)',
  comment: 'rgb(106, 153, 85)',
  builtin: 'rgb(86, 156, 214)',
  changed: 'rgb(86, 156, 214)',
  keyword: 'rgb(86, 156, 214)',
  'interpolation-punctuation': 'rgb(86, 156, 214)',
  number: 'rgb(181, 206, 168)',
  inserted: 'rgb(181, 206, 168)',
  constant: 'rgb(100, 102, 149)',
  'attr-name': 'rgb(156, 220, 254)',
  variable: 'rgb(156, 220, 254)',
  deleted: 'rgb(206, 145, 120)',
  string: 'rgb(206, 145, 120)',
  'attr-value': 'rgb(206, 145, 120)',
  'template-punctuation': 'rgb(206, 145, 120)',
  selector: 'rgb(215, 186, 125)',
  tag: 'rgb(78, 201, 176)',
  punctuation: 'rgb(212, 212, 212)',
  operator: 'rgb(212, 212, 212)',
  function: 'rgb(220, 220, 170)',
  'class-name': 'rgb(78, 201, 176)',
  char: 'rgb(209, 105, 105)',
};

/** The dark theme gives HTML's tags and punctuation colours of their own. */
const DARK_MARKUP: Record<string, string> = { tag: 'rgb(86, 156, 214)', punctuation: '#808080' };

/** The colour of a token whose types run from the outermost to the innermost (and its aliases): the last known wins. */
export function tokenColour(types: readonly string[], language: string, dark: boolean): string | undefined {
  const colours = dark ? (language === 'markup' ? { ...DARK, ...DARK_MARKUP } : DARK) : LIGHT;
  let colour: string | undefined;
  for (const type of types) colour = colours[type] ?? colour;
  return colour;
}
