import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ScaleSecrets {
  /** APP_KEY: signs attachment links and XSRF tokens, so every API process must hold the same one. */
  appKey: string;
  /** REVERB_APP_SECRET: the API processes sign channel auth with it and Soketi checks it; also HTTP publishes. */
  reverbSecret: string;
}

/**
 * Made once into the processes' shared data folder, under the names the API itself uses for its development
 * secrets, and handed to every process explicitly: two processes generating their own at the same first start
 * would each sign with a different key.
 */
export function scaleSecrets(dataDir: string): ScaleSecrets {
  mkdirSync(dataDir, { recursive: true });
  const secret = (name: string) => {
    const file = join(dataDir, name);
    if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    return readFileSync(file, 'utf8').trim();
  };
  return { appKey: secret('app-key'), reverbSecret: secret('reverb-secret') };
}
