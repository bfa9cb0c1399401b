import { runtimeConfigFromEnv } from '@chat/shared/config-from-env';
import { describe, expect, it } from '@rstest/core';
import { appOfScreen } from './app-of-screen';
import { appOfStack } from './app-of-stack';

describe('appOfStack', () => {
  const { remotes } = runtimeConfigFromEnv({});
  const appOf = appOfStack(() => Object.entries(remotes) as [keyof typeof remotes, string][]);

  it("names the remote whose folder the stack's first frame is in", () => {
    const stack = `TypeError: x is undefined
    at Conversation (http://localhost:3003/static/js/async/chat.js:1:200)
    at renderWithHooks (http://localhost:3000/static/js/lib-react.js:1:99)`;
    expect(appOf(stack)).toBe('chat');
    expect(appOf('at f (http://localhost:3002/static/js/rooms.js:1:1)')).toBe('rooms');
  });

  it('names a remote from every address it was loaded from in the page, the one it was swapped from too', () => {
    const known: [keyof typeof remotes, string][] = [
      ['chat', 'http://localhost:4601/mf-manifest.json'],
      ['chat', remotes.chat],
    ];
    const swapped = appOfStack(() => known);
    expect(swapped('at send (http://localhost:4601/static/js/async/chat.js:1:1)')).toBe('chat');
    expect(swapped('at f (http://localhost:3003/static/js/chat.js:1:1)')).toBe('chat');
    expect(swapped('at f (http://localhost:4602/static/js/chat.js:1:1)')).toBe('shell');
  });

  it("counts anything else as the shell's", () => {
    expect(appOf('at f (http://localhost:3000/static/js/index.js:1:1)')).toBe('shell');
    expect(appOf(undefined)).toBe('shell');
    expect(appOf('')).toBe('shell');
  });
});

describe('appOfScreen', () => {
  it('charges a screen to the remote that draws it', () => {
    expect(appOfScreen({ pathname: '/auth/login', search: '' })).toBe('auth');
    expect(appOfScreen({ pathname: '/', search: '?room=4' })).toBe('chat');
    expect(appOfScreen({ pathname: '/', search: '?dm=9' })).toBe('chat');
    expect(appOfScreen({ pathname: '/', search: '?view=all-rooms' })).toBe('rooms');
  });
});
