import { randomUUID } from 'node:crypto';
import { routes } from '@chat/shared/constants';
import type { Page } from '@playwright/test';
import { signInBrowser } from '../../../scripts/lib/sign-in-browser';
import type { ApiClient, Session } from '../lib/api';
import { summarize } from '../lib/stats';
import type { Benchmark } from './benchmark';

const TARGET = { recentP50: 100, coldP50: 300 };
const SWITCH_TIMEOUT_MS = 15_000;
/**
 * Before each switch, after the target's read position moved: the panel re-reads its rooms (500 ms after an
 * event, rooms-remote's UNREAD_REFRESH_MS), so the switch opens the room at its end; and the room open now
 * finishes its catch-up, as a reader would glance at it.
 */
const PAUSE_MS = 1000;
/** The rooms a page switches back and forth between: fewer than the ten closed rooms the chat room keeps. */
const RECENT_SET = 4;

/**
 * In every page, from its first script on: when a click lands in 'Your rooms', and when the armed message's
 * row is in the feed and inside its visible box (a mutation observer on the DOM, and every frame for what a
 * scroll alone moves). A string, not a function: tsx would wrap a function in a helper the page does not have.
 */
const switchProbe = `(() => {
  const state = { target: null, clickAt: null, seenAt: null };
  window.__benchSwitch = state;
  document.addEventListener('click', (event) => {
    if (state.target === null || state.clickAt !== null) return;
    if (event.target instanceof Element && event.target.closest('nav[aria-label="Your rooms"]'))
      state.clickAt = performance.now();
  }, true);
  const check = () => {
    if (state.target === null || state.clickAt === null || state.seenAt !== null) return;
    const row = document.querySelector(
      '[role="feed"][aria-label="Messages"] article[data-message-id="' + state.target + '"]',
    );
    if (!row) return;
    const box = row.getBoundingClientRect();
    const feed = row.closest('[role="feed"]').getBoundingClientRect();
    if (box.height > 0 && box.bottom > feed.top && box.top < feed.bottom) state.seenAt = performance.now();
  };
  new MutationObserver(check).observe(document, {
    childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['style'],
  });
  const frame = () => { check(); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`;

interface Room {
  id: number;
  name: string;
}

/** Another user posting into a random room every `everyMs`, through the API, until stopped. */
function startPoster(client: ApiClient, poster: Session, rooms: Room[], everyMs: number) {
  let running = true;
  let sent = 0;
  let failed = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const room = rooms[Math.floor(Math.random() * rooms.length)] as Room;
      await client.send(poster, room.id, `traffic ${sent}`).then(
        () => sent++,
        () => failed++,
      );
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, everyMs - (performance.now() - started))),
      );
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { sent, failed };
    },
  };
}

/**
 * Clicks the room's entry in 'Your rooms' and returns ms from the click (in the page) until the room's newest
 * message, as the API had it just before the click, is in the feed and inside its visible box.
 */
async function switchTo(page: Page, client: ApiClient, session: Session, room: Room): Promise<number> {
  const newestId = async () => {
    const id = (await client.newestMessages(session, room.id)).at(-1)?.id;
    if (id === undefined) throw new Error(`${room.name} has no messages`);
    return id;
  };
  // The reader is caught up on the room (as on another device): it opens at its end, not at a first unread
  // message far above. What the poster adds before the click is at most a message or two, shown below it.
  await client.markRead(session, room.id, await newestId());
  await page.waitForTimeout(PAUSE_MS);
  const newest = await newestId();
  await page.evaluate(
    `Object.assign(window.__benchSwitch, { target: ${newest}, clickAt: null, seenAt: null })`,
  );
  await page
    .getByRole('navigation', { name: 'Your rooms' })
    .getByRole('link', { name: new RegExp(`^${room.name}`) })
    .click();
  // A function, not a string: the app's CSP forbids eval.
  await page
    .waitForFunction(
      () => (window as unknown as { __benchSwitch: { seenAt: number | null } }).__benchSwitch.seenAt !== null,
      null,
      { timeout: SWITCH_TIMEOUT_MS, polling: 'raf' },
    )
    .catch(async (error: unknown) => {
      const state = await page.evaluate(
        `JSON.stringify({ url: location.href, probe: window.__benchSwitch, rows: [...document.querySelectorAll('[role="feed"] article')].map((row) => row.getAttribute('data-message-id')), feed: (() => { const f = document.querySelector('[role="feed"]'); return f && { top: f.scrollTop, height: f.scrollHeight, client: f.clientHeight, busy: f.getAttribute('aria-busy'), size: f.querySelector('article')?.getAttribute('aria-setsize') }; })() })`,
      );
      throw new Error(`${room.name}: newest ${newest} not shown: ${state}`, { cause: error });
    });
  const { clickAt, seenAt } = (await page.evaluate('window.__benchSwitch')) as {
    clickAt: number;
    seenAt: number;
  };
  return seenAt - clickAt;
}

/**
 * Switching rooms from 'Your rooms': one member of 20 rooms with 200 messages each while another user posts
 * into random rooms every 200 ms. Each page opens one room by its address, then clicks its way through rooms
 * it never opened (a newest page each), then back and forth between the last few it opened (within five
 * minutes: they re-open on what they held and catch up with `after_id`). Join calls are counted throughout.
 */
export const roomSwitch: Benchmark = {
  name: 'room-switch',
  async run(context) {
    const roomCount = context.smoke ? 6 : 20;
    const seedPerRoom = context.smoke ? 20 : 200;
    const switches = Number(process.env.BENCH_SWITCHES) || (context.smoke ? 4 : 30);
    const postEveryMs = 200;
    const client = await context.client();
    const stack = await context.federated();
    const [member, poster] = [await client.newSession('switcher'), await client.newSession('poster')];
    const run = randomUUID().slice(0, 6);
    const rooms: Room[] = [];
    context.log(`room switch: ${roomCount} rooms × ${seedPerRoom} messages, ${switches} switches each way`);
    for (let i = 0; i < roomCount; i++) {
      // Two digits and the run: no name is the start of another, so /^name/ finds one entry.
      const name = `switch-${String(i).padStart(2, '0')}-${run}`;
      const room = await client.createRoom(member, name);
      await client.join(poster, room.id);
      const seeded = await client.seedMessages(poster, room.id, seedPerRoom, `seed ${name}`);
      await client.markRead(member, room.id, seeded.last_id);
      rooms.push({ id: room.id, name });
    }

    const browserContext = await (await context.browser()).newContext({
      viewport: { width: 1280, height: 1000 },
    });
    await signInBrowser(browserContext, stack.origin, member.token);
    await browserContext.addInitScript({ content: switchProbe });
    const page = await browserContext.newPage();
    let joins = 0;
    let counting = false;
    page.on('request', (request) => {
      if (counting && request.method() === 'POST' && /\/chatrooms\/\d+\/join\b/.test(request.url())) joins++;
    });
    const poster$ = startPoster(client, poster, rooms, postEveryMs);
    const cold: number[] = [];
    const recent: number[] = [];
    let pages = 0;
    try {
      while (cold.length < switches || recent.length < switches) {
        // A fresh page load: nothing is held, no room was opened in it but the first.
        pages++;
        counting = false;
        const [first, ...others] = rooms;
        await page.goto(`${stack.origin}${routes.room((first as Room).id)}`);
        await page.getByRole('feed', { name: 'Messages' }).waitFor();
        await page
          .getByRole('navigation', { name: 'Your rooms' })
          .getByRole('link', { name: new RegExp(`^${(others[0] as Room).name}`) })
          .waitFor();
        counting = true;
        const opened: Room[] = [];
        for (const room of others) {
          if (cold.length >= switches && opened.length >= RECENT_SET) break;
          const ms = await switchTo(page, client, member, room);
          if (cold.length < switches) cold.push(ms);
          opened.push(room);
        }
        const set = opened.slice(-RECENT_SET);
        for (let i = 0; recent.length < switches && i < 4 * set.length; i++) {
          // Never the room open now: the one opened before it, round the set.
          recent.push(await switchTo(page, client, member, set[i % set.length] as Room));
        }
        context.log(`  page ${pages}: ${cold.length} not-recent, ${recent.length} recent switches so far`);
      }
    } finally {
      counting = false;
      const traffic = await poster$.stop();
      context.log(`  poster: ${traffic.sent} messages sent during the switches, ${traffic.failed} failed`);
      await browserContext.close();
    }
    const recentMs = summarize(recent);
    const coldMs = summarize(cold);
    return {
      rows: [
        {
          figure: 'room switch: recently opened room (≤5 min)',
          unit: 'ms',
          n: recentMs.n,
          median: recentMs.median,
          p95: recentMs.p95,
          target: `p50 ≤ ${TARGET.recentP50}`,
          met: recentMs.median <= TARGET.recentP50,
        },
        {
          figure: 'room switch: room not opened recently',
          unit: 'ms',
          n: coldMs.n,
          median: coldMs.median,
          p95: coldMs.p95,
          target: `p50 ≤ ${TARGET.coldP50}`,
          met: coldMs.median <= TARGET.coldP50,
        },
        {
          figure: '  join calls while switching',
          unit: 'req',
          n: recentMs.n + coldMs.n,
          median: joins,
          target: '0',
          met: joins === 0,
        },
      ],
      details: { rooms: roomCount, seedPerRoom, postEveryMs, pages, recent, cold, joins },
    };
  },
};
