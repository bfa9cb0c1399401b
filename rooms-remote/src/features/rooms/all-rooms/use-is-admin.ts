import { useSession } from '@chat/shared';
import type { Me } from '@chat/shared/schemas';

/** Whether the signed-in user is a site administrator (`GET me`'s `is_admin`; an older API sends none). */
export function useIsAdmin(): boolean {
  return useSession((state) => (state.user as Me | null)?.is_admin === true);
}
