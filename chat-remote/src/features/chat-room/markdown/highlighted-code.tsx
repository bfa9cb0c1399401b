import { theme } from 'antd';
import { Highlight, themes } from 'prism-react-renderer';

/**
 * A code block's tokens as coloured spans: Prism tokenises the text (no HTML, no eval, which the CSP
 * forbids), React writes every token as text. The colours follow the app's light or dark theme.
 * Default export: the lazy chunk loaded by CodeBlock.
 */
export default function HighlightedCode({ code, language }: { code: string; language: string }) {
  const { token } = theme.useToken();
  const dark = isDark(token.colorBgContainer);
  return (
    <Highlight
      code={code.replace(/\n$/, '')}
      language={language}
      theme={dark ? themes.vsDark : themes.vsLight}
    >
      {({ tokens, getLineProps, getTokenProps }) => (
        <code>
          {tokens.map((line, lineIndex) => {
            const { style, className } = getLineProps({ line });
            return (
              <span key={lineIndex} className={className} style={style}>
                {line.map((part, partIndex) => {
                  const props = getTokenProps({ token: part });
                  return (
                    <span key={partIndex} className={props.className} style={props.style}>
                      {props.children}
                    </span>
                  );
                })}
                {lineIndex < tokens.length - 1 && '\n'}
              </span>
            );
          })}
        </code>
      )}
    </Highlight>
  );
}

/** Whether a `#rrggbb` colour is dark (antd's dark algorithm gives the container a near-black). */
function isDark(color: string): boolean {
  const hex = /^#([0-9a-f]{6})/i.exec(color)?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) < 128;
}
