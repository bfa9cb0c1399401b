/**
 * Gives every <style> element a script creates the page's CSP nonce. antd's own styles get it through
 * ConfigProvider's `csp`, but @rc-component/util writes two more without one (the modal's scroll lock and
 * the scrollbar measure call `updateCSS` with no `csp`), and the CSP would block them. Markup injected into
 * the page (the attack a style nonce guards against) is built by the parser, not through here.
 */
export function stampStyleNonce(nonce: string | undefined): void {
  if (!nonce) return;
  const createElement = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}
