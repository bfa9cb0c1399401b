/** An account of the deployment. */
export interface Credentials {
  username: string;
  password: string;
}

/** What a smoke run needs to know of the deployment it checks, all read from the deployment itself. */
export interface Deployment {
  /** The shell's origin, as given. */
  shellUrl: string;
  /** The REST base the shell's `/config.json` names (`…/api/`). */
  apiUrl: string;
}

/** The deployment to check: `SMOKE_URL` (run.ts sets it from `--url`), as its origin. */
export function smokeUrl(env: Record<string, string | undefined> = process.env): string {
  const given = env.SMOKE_URL?.trim();
  if (!given) throw new Error('No deployment to check: pnpm test:smoke --url https://chat.example.com');
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(`"${given}" is not a URL: give the shell's address, e.g. https://chat.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`"${given}" is not an http(s) address`);
  return url.origin;
}

/**
 * The two accounts the journey signs in with, from `SMOKE_USERS` (`name:password,name:password`; a
 * password may hold colons, not commas). The default is the demo users `pnpm start` seeds.
 */
export function smokeUsers(
  env: Record<string, string | undefined> = process.env,
): readonly [Credentials, Credentials] {
  const pairs = (env.SMOKE_USERS ?? 'demo:password,alice:password')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const colon = pair.indexOf(':');
      return { username: pair.slice(0, colon), password: pair.slice(colon + 1) };
    });
  const [first, second] = pairs;
  if (pairs.length !== 2 || !first?.username || !second?.username || first.username === second.username)
    throw new Error('SMOKE_USERS must name two different accounts: name:password,name:password');
  return [first, second];
}

async function get(url: string, what: string): Promise<Response> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) }).catch((error: Error) => {
    throw new Error(
      `${what} ${url} did not answer: ${error.cause instanceof Error ? error.cause.message : error.message}`,
    );
  });
  if (!response.ok) throw new Error(`${what} ${url} answered ${response.status}`);
  return response;
}

/**
 * Reads the API's address from the shell's own `/config.json` (what a browser of that deployment reads) and
 * asks the API's `/up`, so a wrong address or a stopped API fails in one readable line before any browser.
 */
export async function readDeployment(shellUrl: string): Promise<Deployment> {
  const configUrl = `${shellUrl}/config.json`;
  const config = (await (await get(configUrl, "The shell's configuration")).json().catch(() => null)) as {
    apiUrl?: unknown;
  } | null;
  if (typeof config?.apiUrl !== 'string')
    throw new Error(`${configUrl} names no apiUrl: is ${shellUrl} this app's shell?`);
  // A same-origin deployment may name it relative to the shell.
  const apiUrl = new URL(config.apiUrl, `${shellUrl}/`).href;
  await get(new URL('/up', apiUrl).href, 'The API');
  return { shellUrl, apiUrl };
}
