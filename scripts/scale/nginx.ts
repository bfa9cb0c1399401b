import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScaleLayout } from './layout';
import { answers, type ServiceSpec } from './services';
import { dataDir, repoRoot, type Topology } from './topology';

/** Debian's package (`apt-get install nginx`; scripts/scale/prepare-host.sh installs it), run unprivileged. */
const NGINX_BINARY = '/usr/sbin/nginx';
const configDir = join(repoRoot, 'ops/nginx');
/** Included by the template as it is. */
const SNIPPETS = ['remote-static.conf'];

/** Placeholders whose line is repeated once per value (an upstream's `server` lines). */
type Repeated = 'API_PROCESS' | 'SOKETI_NODE';

/** Every placeholder of ops/nginx/nginx.conf.template, for this machine's layout. */
export function nginxValues(layout: ScaleLayout): {
  single: Record<string, string>;
  repeated: Record<Repeated, string[]>;
} {
  const { frontEnds } = layout;
  const dist = (app: string) => join(repoRoot, app, 'dist');
  return {
    single: {
      LISTEN_ADDRESS: '127.0.0.1',
      API_PORT: String(layout.api),
      WEBSOCKET_PORT: String(layout.websocket),
      SHELL_PORT: String(frontEnds.shell),
      SHELL_SERVER: `127.0.0.1:${layout.shellServer}`,
      AUTH_REMOTE_PORT: String(frontEnds['auth-remote']),
      ROOMS_REMOTE_PORT: String(frontEnds['rooms-remote']),
      CHAT_REMOTE_PORT: String(frontEnds['chat-remote']),
      AUTH_REMOTE_DIST: dist('auth-remote'),
      ROOMS_REMOTE_DIST: dist('rooms-remote'),
      CHAT_REMOTE_DIST: dist('chat-remote'),
    },
    repeated: {
      API_PROCESS: layout.apiProcesses.map((port) => `127.0.0.1:${port}`),
      SOKETI_NODE: layout.soketiNodes.map((node) => `127.0.0.1:${node.port}`),
    },
  };
}

/**
 * The template with its placeholders filled: a line naming a repeated placeholder once per value, comments
 * as they are. A placeholder left unfilled is an error, not a configuration nginx would refuse later.
 */
export function renderNginxConfig(template: string, values: ReturnType<typeof nginxValues>): string {
  const fill = (line: string, extra: Record<string, string> = {}) =>
    line.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
      const value = extra[name] ?? values.single[name];
      if (value === undefined) throw new Error(`ops/nginx: no value for {{${name}}}`);
      return value;
    });
  return template
    .split('\n')
    .flatMap((line) => {
      if (line.trimStart().startsWith('#')) return [line];
      const repeated = (Object.keys(values.repeated) as Repeated[]).find((name) =>
        line.includes(`{{${name}}}`),
      );
      if (!repeated) return [fill(line)];
      return values.repeated[repeated].map((value) => fill(line, { [repeated]: value }));
    })
    .join('\n');
}

/** The run folder: the rendered configuration, its snippets, the pid file and nginx's temporary files. */
export function writeNginxRunFolder(runDir: string, layout: ScaleLayout): string {
  mkdirSync(join(runDir, 'temp'), { recursive: true });
  const template = readFileSync(join(configDir, 'nginx.conf.template'), 'utf8');
  const config = join(runDir, 'nginx.conf');
  writeFileSync(config, renderNginxConfig(template, nginxValues(layout)));
  for (const snippet of SNIPPETS) copyFileSync(join(configDir, snippet), join(runDir, snippet));
  return config;
}

/**
 * nginx as the topology's front door, in `runDir` (the data folder's `nginx/` unless given): every public
 * port of the layout. Ready once the API and a remote's manifest answer through it (the shell's server may
 * start after it: until then its port answers 502).
 */
export function nginxSpec(layout: ScaleLayout, runDir: string, name = 'nginx'): ServiceSpec {
  const config = writeNginxRunFolder(runDir, layout);
  return {
    name,
    command: NGINX_BINARY,
    // -e: the messages before the configuration is read go to stderr too, not to /var/log/nginx.
    args: ['-p', `${runDir}/`, '-c', config, '-e', 'stderr', '-g', 'daemon off;'],
    ready: async () =>
      (await answers(`http://127.0.0.1:${layout.api}/up`)()) &&
      (await answers(`http://127.0.0.1:${layout.frontEnds['chat-remote']}/mf-manifest.json`)()),
  };
}

/** The topology's nginx, its run folder in the data folder. */
export const topologyNginxSpec = (topology: Topology) =>
  nginxSpec(topology.layout, join(dataDir(topology), 'nginx'));
