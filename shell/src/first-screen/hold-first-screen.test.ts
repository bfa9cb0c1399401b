import { announceFirstScreenPainted } from '@chat/shared/first-screen';
import { afterEach, describe, expect, it, rstest } from '@rstest/core';
import { holdFirstScreen, releaseFirstScreen } from './hold-first-screen';

/** The page as the shell's server sends it: the frame, holding the drawing, inside the root React renders into. */
function drawnPage() {
  document.body.innerHTML = `
    <div id="root"><div data-screen="signed-in"><main class="app-shell-content"><div id="first-screen">
      <button type="button">Create Room</button>
    </div></main></div></div>`;
  const root = document.getElementById('root') as HTMLElement;
  holdFirstScreen(root);
  // What React renders into the root meanwhile.
  root.innerHTML = '<button type="button">Create Room</button>';
  return root;
}

afterEach(() => {
  releaseFirstScreen();
  rstest.useRealTimers();
});

describe('holdFirstScreen', () => {
  it('keeps the drawing over the app, rendered hidden, until the screen says it has painted', () => {
    const root = drawnPage();
    expect(document.getElementById('first-screen')).not.toBeNull();
    expect(root.contains(document.getElementById('first-screen'))).toBe(false);
    expect(root.style.visibility).toBe('hidden');

    announceFirstScreenPainted();
    expect(document.getElementById('first-screen')).toBeNull();
    expect(root.style.visibility).toBe('');
  });

  it('keeps a drawing of parts until every part has painted: the list alone would move under the panel', () => {
    document.body.innerHTML = `
      <div id="root"><div data-screen="signed-in"><main><div id="first-screen">
        <aside data-first-screen-part="panel"></aside><div data-first-screen-part="list"></div>
      </div></main></div></div>`;
    holdFirstScreen(document.getElementById('root') as HTMLElement);
    announceFirstScreenPainted('list');
    expect(document.getElementById('first-screen')).not.toBeNull();
    announceFirstScreenPainted('panel');
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it("hands a click on the drawing to the app's own control", () => {
    const root = drawnPage();
    const pressed = rstest.fn();
    root.querySelector('button')?.addEventListener('click', pressed);
    (document.querySelector('#first-screen button') as HTMLButtonElement).click();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('lets go on a key, and after 10 s whatever happens', () => {
    drawnPage();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(document.getElementById('first-screen')).toBeNull();

    rstest.useFakeTimers();
    drawnPage();
    rstest.advanceTimersByTime(10_000);
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('leaves a page the server did not draw as it is', () => {
    document.body.innerHTML = '<div id="root"><div data-screen="signed-in"><main></main></div></div>';
    const root = document.getElementById('root') as HTMLElement;
    holdFirstScreen(root);
    expect(root.style.visibility).toBe('');
    expect(root.querySelector('[data-screen]')).not.toBeNull();
  });
});
