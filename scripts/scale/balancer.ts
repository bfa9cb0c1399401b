// A round-robin balancer for one machine's scaled topology, the part nginx, HAProxy or a cloud load
// balancer plays in a real deployment.
//   http <port> <upstream ports…>: each request to the next API process, with X-Forwarded-For (the API runs
//     with TRUST_PROXY=1, so throttles key on the client's address, not the balancer's)
//   tcp <port> <upstream ports…>: each connection to the next websocket node (a websocket lives on one node;
//     the nodes share their channels through Redis)
// An upstream that refuses a connection is skipped for a few seconds (the request that found it so is retried
// on the next one when nothing of it has been sent yet, else answered 502).
import { Agent, createServer as createHttpServer, type IncomingMessage, request } from 'node:http';
import { connect, createServer as createTcpServer, type Server } from 'node:net';

const RESTING_MS = 3_000;
const [mode, portArgument, ...upstreamArguments] = process.argv.slice(2);
const port = Number(portArgument);
const upstreams = upstreamArguments.map(Number);
if (!['http', 'tcp'].includes(mode ?? '') || !port || upstreams.length === 0 || upstreams.some((p) => !p)) {
  console.error('usage: balancer.ts <http|tcp> <port> <upstream port>...');
  process.exit(2);
}

const restingUntil = new Map<number, number>();
let turn = 0;
/** Every upstream once, to try in this order: those in turn that are not resting, then the resting ones. */
function nextUpstreams(): number[] {
  const order = upstreams.map((_, index) => upstreams[(turn + index) % upstreams.length] as number);
  turn = (turn + 1) % upstreams.length;
  const now = Date.now();
  const awake = order.filter((up) => (restingUntil.get(up) ?? 0) <= now);
  return [...awake, ...order.filter((up) => !awake.includes(up))];
}
const rest = (upstream: number) => restingUntil.set(upstream, Date.now() + RESTING_MS);

// A connection per request, as nginx's proxy_pass does by default: an API process that is stopping (SIGTERM)
// closes its listener and finishes what it has, so a new request's connection is refused and goes to the next
// process. A kept-alive connection to it would instead meet a 503 or a reset, visible to the client.
const agent = new Agent({ keepAlive: false, maxSockets: 256 });

function forwardedFor(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  const previous = req.headers['x-forwarded-for'];
  return previous ? `${previous}, ${peer}` : peer;
}

function httpBalancer(): Server {
  return createHttpServer((req, res) => {
    const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req), 'x-forwarded-proto': 'http' };
    const attempt = (candidates: number[]) => {
      const upstream = candidates[0] as number;
      const forward = request(
        { host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
        },
      );
      forward.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') rest(upstream);
        // Refused before anything was sent: the next process can take it whatever the method.
        if (error.code === 'ECONNREFUSED' && candidates.length > 1 && !req.readableDidRead) {
          attempt(candidates.slice(1));
          return;
        }
        // Cut off mid-answer: the client must see a broken response, not a 502 glued to half a body.
        if (res.headersSent) res.destroy();
        else res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"Bad Gateway"}');
      });
      // The body flows once the upstream has accepted the connection, so a refusal leaves it unread.
      forward.once('socket', (socket) => {
        if (socket.connecting) socket.once('connect', () => req.pipe(forward));
        else req.pipe(forward);
      });
    };
    attempt(nextUpstreams());
  });
}

function tcpBalancer(): Server {
  return createTcpServer((client) => {
    client.pause();
    client.on('error', () => client.destroy());
    const attempt = (candidates: number[]) => {
      const upstream = candidates[0] as number;
      const node = connect({ host: '127.0.0.1', port: upstream }, () => {
        // Only a connected node's end ends the client: a refused one makes way for the next node.
        node.on('close', () => client.destroy());
        node.pipe(client);
        client.pipe(node);
        client.resume();
      });
      client.once('close', () => node.destroy());
      node.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') rest(upstream);
        if (error.code === 'ECONNREFUSED' && candidates.length > 1 && !client.destroyed) {
          attempt(candidates.slice(1));
          return;
        }
        client.destroy();
      });
    };
    attempt(nextUpstreams());
  });
}

const server = mode === 'http' ? httpBalancer() : tcpBalancer();
server.listen(port, 'localhost', () =>
  console.log(`${mode} balancer on :${port} → ${upstreams.map((up) => `:${up}`).join(', ')}`),
);
// Nothing to drain: whatever is in flight is the client's to retry, as with any balancer restart.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
