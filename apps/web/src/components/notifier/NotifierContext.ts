import { createContext, useContext } from 'react';

export type NotifySeverity = 'success' | 'info' | 'warning' | 'error';
/** A button in the message (e.g. "Undo"), and how long the message stays when it has one. */
export interface NotifyOptions {
  action?: { label: string; onClick: () => void };
  autoHideMs?: number;
}
export type Notify = (message: string, severity?: NotifySeverity, options?: NotifyOptions) => void;

export const NotifierContext = createContext<Notify>(() => undefined);

/** Shows a short message in the app's snackbar (auto-hides after 3000 ms, spec §9). Pass translated text. */
export function useNotify(): Notify {
  return useContext(NotifierContext);
}
