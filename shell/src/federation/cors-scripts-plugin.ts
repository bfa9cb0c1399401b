import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A remote's scripts come from another origin. Loaded without CORS, an error thrown in them reaches the page
 * as "Script error." with neither stack nor file, and the health beacon charged it to the shell (a canary
 * throwing on every send looked healthy). Loaded in CORS mode (a remote's host answers with
 * Access-Control-Allow-Origin, as it must for its manifest) the page sees the stack, and whose code threw.
 * The remote's own chunks are loaded the same way (its build's crossorigin, shared/build/create-app-config.ts);
 * preloads take the same mode, or the browser would fetch each file twice.
 */
export default function corsScriptsPlugin(): ModuleFederationRuntimePlugin {
  const withAttributes = <Element extends HTMLElement>(element: Element, attrs?: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(attrs ?? {})) {
      if (name === 'async' || name === 'defer') element.toggleAttribute(name, Boolean(value));
      else element.setAttribute(name, String(value));
    }
    element.setAttribute('crossorigin', 'anonymous');
    return element;
  };
  return {
    name: 'chat-cors-scripts-plugin',
    createScript({ url, attrs }) {
      const script = withAttributes(document.createElement('script'), attrs);
      script.src = url;
      return script;
    },
    createLink({ url, attrs }) {
      const link = withAttributes(document.createElement('link'), attrs);
      link.href = url;
      return link;
    },
  };
}
