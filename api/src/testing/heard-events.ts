import type Echo from 'laravel-echo';
import type { SignedIn } from './test-app';
import { waitFor } from './wait-for';

/** One event as a user's client heard it: `'{channel} {event}'` (`'{channel} notification'`) and its data. */
export type Heard = [string, unknown];

/**
 * What each user's Echo client hears, in order of arrival, for the tests that check who hears which event on
 * which channel. `heard` is read afresh at each event, so `clear` drops only what came before it.
 */
export function heardEvents() {
  const heard = new Map<SignedIn, Heard[]>();
  return {
    heard,
    /** The names of what `who` heard, in order. */
    names: (who: SignedIn) => heard.get(who)?.map(([name]) => name),
    clear(): void {
      for (const who of heard.keys()) heard.set(who, []);
    },
    /**
     * Subscribes `who`'s `echo` to each private channel of `channels`, recording `events` there, and with
     * `notifications` the broadcast notifications of their own channel; settles once every one is subscribed.
     */
    async listen(
      who: SignedIn,
      echo: Echo<'reverb'>,
      channels: readonly string[],
      events: readonly string[],
      options: { notifications?: boolean } = {},
    ): Promise<void> {
      if (!heard.has(who)) heard.set(who, []);
      let subscribed = 0;
      for (const name of channels) {
        const channel = echo.private(name).subscribed(() => subscribed++);
        for (const event of events)
          channel.listen(event, (data: unknown) => heard.get(who)?.push([`${name} ${event}`, data]));
        if (options.notifications && name === `App.Models.User.${who.user.id}`)
          channel.notification((data: unknown) => heard.get(who)?.push([`${name} notification`, data]));
      }
      await waitFor(() => subscribed === channels.length, `${who.user.username}'s subscriptions`);
    },
  };
}
