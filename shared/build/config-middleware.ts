import type { IncomingMessage, ServerResponse } from 'node:http';
import { RUNTIME_CONFIG_PATH } from '../src/config/runtime-config';
import { runtimeConfigFromEnv } from '../src/config/runtime-config-from-env';

/** Answers `/config.json` from the serving process's environment: the deploy-time configuration. */
export function configMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.url?.split('?')[0] !== RUNTIME_CONFIG_PATH) {
    next();
    return;
  }
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(runtimeConfigFromEnv()));
}
