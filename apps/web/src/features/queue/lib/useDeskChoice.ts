import { useState } from 'react';
import type { Desk } from '@balie/shared';
import { useGetDesksQuery } from '../../../components/desks/deskListApi';
import { useCurrentUser } from '../../../session/useCurrentUser';

/**
 * Where a staff member's desk is kept: for the browser session and per user (decision 0386). Chosen
 * once after signing in, it holds over reloads and the day; a new session (the next day, a colleague at
 * the same computer) asks again.
 */
export const deskChoiceKey = (userId: number) => `balie.queueDesk.${userId}`;

function readStored(key: string | null): number | null {
  if (!key) return null;
  try {
    const id = Number(window.sessionStorage.getItem(key));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * The desk this staff member calls from: the active desks to choose from, the chosen one (null while
 * none is, or when the remembered one is no longer active), and the choice.
 */
export function useDeskChoice() {
  const { user } = useCurrentUser();
  const key = user ? deskChoiceKey(user.id) : null;
  const [remembered, setRemembered] = useState(() => ({ key, id: readStored(key) }));
  if (remembered.key !== key) setRemembered({ key, id: readStored(key) });
  const query = useGetDesksQuery();
  const desks: Desk[] = (query.data ?? []).filter((d) => d.active);
  const desk = desks.find((d) => d.id === remembered.id) ?? null;
  return {
    desks,
    desk,
    isLoading: query.isLoading,
    error: query.error,
    choose: (id: number | null) => {
      setRemembered({ key, id });
      if (!key) return;
      try {
        if (id === null) window.sessionStorage.removeItem(key);
        else window.sessionStorage.setItem(key, String(id));
      } catch {
        // Storage blocked: the choice lasts while the page is open.
      }
    },
  };
}
