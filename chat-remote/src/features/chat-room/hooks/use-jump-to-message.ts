import { createContext, useContext } from 'react';

/** Brings a held-or-older message into view and highlights it (a reply's quote); loads older pages first. */
export type JumpToMessage = (messageId: number) => void;

const JumpContext = createContext<JumpToMessage>(() => undefined);

export const JumpToMessageProvider = JumpContext.Provider;

export function useJumpToMessage(): JumpToMessage {
  return useContext(JumpContext);
}
