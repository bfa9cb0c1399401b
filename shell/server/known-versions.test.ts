import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { createKnownVersions } from './known-versions';

const manifest = (buildVersion: unknown) => ({ metaData: { buildInfo: { buildVersion } } });

describe('createKnownVersions', () => {
  it("knows each app's version from its manifest, and keeps the ones before a deploy", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-manifest-'));
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest('abc123')));
    let chat = 'release-3';
    const served: Record<string, () => Response> = {
      'http://localhost:3003/mf-manifest.json': () => Response.json(manifest(chat)),
      'http://localhost:3002/mf-manifest.json': () => new Response('down', { status: 502 }),
    };
    const fetchStub = (async (url: string) =>
      served[url]?.() ?? new Response('', { status: 404 })) as typeof fetch;
    const versions = createKnownVersions(
      {
        shell: join(dir, 'mf-manifest.json'),
        chat: 'http://localhost:3003/mf-manifest.json',
        rooms: 'http://localhost:3002/mf-manifest.json',
      },
      fetchStub,
    );
    await versions.refresh();
    chat = 'release-4';
    await versions.refresh();

    expect(versions.current()).toEqual({ shell: 'abc123', chat: 'release-4' });
    expect(versions.label('chat', 'release-4')).toBe('release-4');
    expect(versions.label('chat', 'release-3')).toBe('release-3');
    expect(versions.label('chat', 'abc123')).toBe('other');
    expect(versions.label('rooms', 'release-4')).toBe('other');
    expect(versions.label('shell', 'abc123')).toBe('abc123');
  });

  it("labels a watched manifest's version (a canary's) without making it the app's current one", async () => {
    const served: Record<string, string> = {
      'http://localhost:3003/mf-manifest.json': 'release-4',
      'http://canary.test/mf-manifest.json': 'release-5',
    };
    const fetchStub = (async (url: string) => Response.json(manifest(served[url]))) as typeof fetch;
    const versions = createKnownVersions({ chat: 'http://localhost:3003/mf-manifest.json' }, fetchStub);
    await versions.refresh();
    await versions.watch('chat', 'http://canary.test/mf-manifest.json');
    await versions.refresh();
    expect(versions.label('chat', 'release-5')).toBe('release-5');
    expect(versions.current()).toEqual({ chat: 'release-4' });
  });
});
