import { useCallback, useState } from 'react';

/**
 * Spec: validation runs on submit. Until the first attempt fields stay quiet; after it they re-check
 * as they change, so an error the user has fixed (or one the server set) clears while they type.
 */
export function useSubmitValidation() {
  const [attempted, setAttempted] = useState(false);
  const markAttempted = useCallback(() => setAttempted(true), []);
  const reset = useCallback(() => setAttempted(false), []);
  return { validateTrigger: attempted ? 'onChange' : (false as const), markAttempted, reset };
}
