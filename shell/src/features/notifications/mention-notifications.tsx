import { useServices } from '@chat/shared';
import { userChannel } from '@chat/shared/constants';
import { useEcho } from '@chat/shared/use-echo';
import { useEffect } from 'react';
import { showMention } from './mention-notification';

/**
 * While mounted (the user signed in and notifications granted), listens on the user's own channel
 * (`private-App.Models.User.{id}`, Laravel's notifications) and shows each mention as a browser
 * notification while the page is hidden. Mounted after the header's first paint, so Echo's code downloads
 * then, never for the login screen. The channel is not left on unmount: Echo shares one channel object per
 * name, so a screen listening there too would be silenced; signing out reloads the page anyway.
 */
export function MentionNotifications({ userId }: { userId: number }) {
  const { echo, navigation } = useServices();
  const client = useEcho(echo);
  useEffect(() => {
    if (!client) return;
    const onNotification = (payload: unknown) => {
      showMention(payload, { userId, open: (to) => navigation.navigate(to) });
    };
    const channel = client.private(userChannel(userId)).notification(onNotification);
    return () => {
      channel.stopListeningForNotification(onNotification);
    };
  }, [client, userId, navigation]);
  return null;
}
