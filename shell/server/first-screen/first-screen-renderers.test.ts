import { FIRST_SCREEN_PROTOCOL } from '@chat/shared/first-screen';
import { describe, expect, it } from '@rstest/core';
import { createFirstScreenRenderers } from './first-screen-renderers';

const MANIFEST = 'http://chat.test/mf-manifest.json';
const browserManifest = (buildVersion: string) => ({ metaData: { buildInfo: { buildVersion } } });
const CODE = "exports.renderChatRoom = (screen) => '<h2>' + screen.room.name + '</h2>';";

/** A remote's origin at the network's edge: its two manifests and its server build. */
function remote(files: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetchStub = (async (url: URL | string) => {
    asked.push(String(url));
    return files[String(url)]?.() ?? new Response('', { status: 404 });
  }) as typeof fetch;
  return { fetchStub, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const screen = { room: { name: 'Lake' }, messages: [] } as never;

describe('createFirstScreenRenderers', () => {
  it('loads the server build of the version the manifest names, without making the request wait', async () => {
    const { fetchStub } = remote({
      [MANIFEST]: () => Response.json(browserManifest('v2')),
      'http://chat.test/server/first-screen.json': () =>
        Response.json({ protocol: FIRST_SCREEN_PROTOCOL, buildVersion: 'v2', entry: 'first-screen.abc.cjs' }),
      'http://chat.test/server/first-screen.abc.cjs': () => new Response(CODE),
    });
    const renderers = createFirstScreenRenderers(fetchStub, () => undefined);
    expect(renderers.ready(MANIFEST)).toBeNull();
    await settle();
    expect(renderers.ready(MANIFEST)?.renderChatRoom?.(screen)).toBe('<h2>Lake</h2>');
  });

  it('draws nothing with a release that has no server build, another protocol, or a version of another deploy', async () => {
    for (const server of [
      null,
      { protocol: FIRST_SCREEN_PROTOCOL + 1, buildVersion: 'v2', entry: 'first-screen.abc.cjs' },
      { protocol: FIRST_SCREEN_PROTOCOL, buildVersion: 'v1', entry: 'first-screen.abc.cjs' },
    ]) {
      const { fetchStub, asked } = remote({
        [MANIFEST]: () => Response.json(browserManifest('v2')),
        ...(server && { 'http://chat.test/server/first-screen.json': () => Response.json(server) }),
        'http://chat.test/server/first-screen.abc.cjs': () => new Response(CODE),
      });
      const renderers = createFirstScreenRenderers(fetchStub, () => undefined);
      renderers.ready(MANIFEST);
      await settle();
      expect(renderers.ready(MANIFEST)).toBeNull();
      // Its code is never fetched, let alone run.
      expect(asked).not.toContain('http://chat.test/server/first-screen.abc.cjs');
    }
  });

  it('says so when a server build cannot be read, and draws nothing', async () => {
    const said: string[] = [];
    const { fetchStub } = remote({
      [MANIFEST]: () => Response.json(browserManifest('v2')),
      'http://chat.test/server/first-screen.json': () =>
        Response.json({ protocol: FIRST_SCREEN_PROTOCOL, buildVersion: 'v2', entry: 'first-screen.abc.cjs' }),
    });
    const renderers = createFirstScreenRenderers(fetchStub, (line) => said.push(line));
    renderers.ready(MANIFEST);
    await settle();
    expect(renderers.ready(MANIFEST)).toBeNull();
    expect(said).toEqual([expect.stringContaining('first-screen.abc.cjs answered 404')]);
  });
});
