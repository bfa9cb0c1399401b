import type { Page } from '@playwright/test';

/** What a server answered to one `pusher:subscribe`. */
export type Outcome = 'subscribed' | 'refused' | 'no answer';

interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}
interface ProbeWindow {
  chatProbes?: { socket: WebSocket; frames: Frame[] }[];
}

const ANSWER_TIMEOUT_MS = 5_000;

/**
 * A bare Pusher-protocol-7 socket opened by a page, so it carries the page's Origin as the app's own socket
 * does, with nothing of pusher-js in between: it sends exactly the subscription a test builds (a forged or
 * borrowed signature included) and reports how the server answered. Reverb and the embedded server refuse a
 * bad signature with `pusher:error` 4009, Soketi with `pusher:subscription_error` 401: both are 'refused'.
 */
export class PusherProbe {
  private constructor(
    private readonly page: Page,
    private readonly index: number,
    readonly socketId: string,
  ) {}

  /** `url`: the server's origin, e.g. ws://localhost:6021. */
  static async open(page: Page, url: string, key = 'chat-key'): Promise<PusherProbe> {
    const address = `${url}/app/${key}?protocol=7&client=js&version=8.4.0&flash=false`;
    const { index, socketId } = await page.evaluate(
      ({ address, timeout }) => {
        const page = window as ProbeWindow;
        page.chatProbes ??= [];
        const probes = page.chatProbes;
        const probe = { socket: new WebSocket(address), frames: [] as Frame[] };
        probes.push(probe);
        return new Promise<{ index: number; socketId: string }>((resolve, reject) => {
          setTimeout(() => reject(new Error(`${address}: no pusher:connection_established`)), timeout);
          probe.socket.addEventListener('error', () => reject(new Error(`${address}: websocket error`)));
          probe.socket.addEventListener('message', (message) => {
            const frame = JSON.parse(String(message.data)) as Frame;
            probe.frames.push(frame);
            if (frame.event === 'pusher:connection_established') {
              const { socket_id } = JSON.parse(String(frame.data)) as { socket_id: string };
              resolve({ index: probes.length - 1, socketId: socket_id });
            }
          });
        });
      },
      { address, timeout: ANSWER_TIMEOUT_MS },
    );
    return new PusherProbe(page, index, socketId);
  }

  /**
   * Subscribes with `auth` as given (none for a public channel or to test its absence) and, on a presence
   * channel, the `channelData` it was signed with.
   */
  subscribe(channel: string, auth?: string, channelData?: string): Promise<Outcome> {
    return this.page.evaluate(
      ({ index, channel, auth, channelData, timeout }) => {
        const probe = (window as ProbeWindow).chatProbes?.[index];
        if (!probe) throw new Error(`no probe ${index}`);
        const { socket } = probe;
        return new Promise<Outcome>((resolve) => {
          const finish = (outcome: Outcome) => {
            clearTimeout(timer);
            socket.removeEventListener('message', onMessage);
            resolve(outcome);
          };
          const onMessage = (message: MessageEvent) => {
            const frame = JSON.parse(String(message.data)) as Frame;
            if (frame.event === 'pusher_internal:subscription_succeeded' && frame.channel === channel)
              finish('subscribed');
            else if (frame.event === 'pusher:subscription_error' && frame.channel === channel)
              finish('refused');
            // The embedded server's (and Reverb's) refusal names no channel: one subscription at a time here.
            else if (frame.event === 'pusher:error') finish('refused');
          };
          const timer = setTimeout(() => finish('no answer'), timeout);
          socket.addEventListener('message', onMessage);
          const data = {
            channel,
            ...(auth ? { auth } : {}),
            ...(channelData ? { channel_data: channelData } : {}),
          };
          socket.send(JSON.stringify({ event: 'pusher:subscribe', data }));
        });
      },
      { index: this.index, channel, auth, channelData, timeout: ANSWER_TIMEOUT_MS },
    );
  }

  /** A client event (`client-*`, what Echo's `whisper` sends) on `channel`. */
  whisper(channel: string, event: string, data: unknown): Promise<void> {
    return this.page.evaluate(
      ({ index, frame }) => (window as ProbeWindow).chatProbes?.[index]?.socket.send(frame),
      { index: this.index, frame: JSON.stringify({ event, channel, data }) },
    );
  }

  /** The frames received so far on `channel`. */
  framesOn(channel: string): Promise<Frame[]> {
    return this.page.evaluate(
      ({ index, channel }) =>
        (window as ProbeWindow).chatProbes?.[index]?.frames.filter((frame) => frame.channel === channel) ??
        [],
      { index: this.index, channel },
    );
  }

  close(): Promise<void> {
    return this.page.evaluate(
      (index) => (window as ProbeWindow).chatProbes?.[index]?.socket.close(),
      this.index,
    );
  }
}
