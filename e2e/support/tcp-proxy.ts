import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  stop(): Promise<void>;
}

/**
 * A plain TCP proxy on `port` in front of `upstream`, as nginx's stream module or HAProxy in TCP mode put one
 * before a websocket server. While the upstream is down, a client's connection opens (to the proxy) and is
 * then closed, not refused.
 */
export async function tcpProxy(port: number, upstream: number): Promise<TcpProxy> {
  const clients = new Set<Socket>();
  const server = createServer((client) => {
    clients.add(client);
    client.pause();
    const node = connect({ host: '127.0.0.1', port: upstream }, () => {
      node.pipe(client);
      client.pipe(node);
      client.resume();
    });
    // Either end's end is the other's: a refused upstream closes the client's connection.
    node.on('error', () => client.destroy());
    node.on('close', () => client.destroy());
    client.on('error', () => node.destroy());
    client.on('close', () => {
      clients.delete(client);
      node.destroy();
    });
  });
  server.listen(port, 'localhost');
  await once(server, 'listening');
  return {
    async stop() {
      const closed = once(server, 'close');
      server.close();
      for (const client of clients) client.destroy();
      await closed;
    },
  };
}
