import type { IncomingMessage } from 'node:http';

/**
 * A request's body as text, or null when it is longer than `maxBytes` (declared or sent): it is refused
 * without being read to its end, so a hostile sender cannot make the server hold more than that.
 */
export function readBoundedBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) return Promise.resolve(null);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}
