import { createContext, useContext } from 'react';

export type NotifySeverity = 'success' | 'info' | 'warning' | 'error';
export type Notify = (message: string, severity?: NotifySeverity) => void;

export const NotifierContext = createContext<Notify>(() => undefined);

/** Shows a short message in the app's snackbar (auto-hides after 3000 ms, spec §9). Pass translated text. */
export function useNotify(): Notify {
  return useContext(NotifierContext);
}
