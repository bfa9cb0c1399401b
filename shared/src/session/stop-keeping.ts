/** What the page sends the worker controlling it (shell/src/service-worker/sw.ts) as the session ends. */
export const STOP_KEEPING = 'chat:stop-keeping';
