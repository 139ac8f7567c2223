import { useState } from 'react';
import { useGetLocationsQuery } from '../../../components/locations/locationListApi';
import { useCurrentUser } from '../../../session/useCurrentUser';

export type LocationFilterState = ReturnType<typeof useLocationFilter>;

/** Where a staff member's location choice is kept: per browser and per user (decision 0343). */
export const locationFilterKey = (userId: number) => `balie.locationFilter.${userId}`;

function readStored(key: string | null): number | null {
  if (!key) return null;
  try {
    const id = Number(window.localStorage.getItem(key));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

function writeStored(key: string | null, id: number | null) {
  if (!key) return;
  try {
    if (id === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, String(id));
  } catch {
    // Storage blocked (private mode): the choice lasts while the page is open.
  }
}

/**
 * The staff's location filter of today, the calendar and the list (DESIGN §4b): offered only when more
 * than one location exists, remembered for the signed-in user, sent as `locationId`. `locationId` is null
 * for every location, also when the one remembered is no longer an active location. `ready` is false
 * while a remembered choice waits for the list to be checked against, so a screen does not first fetch
 * every location's appointments and then its own.
 */
export function useLocationFilter() {
  const { user } = useCurrentUser();
  const key = user ? locationFilterKey(user.id) : null;
  // Read again when the user is known (or changes): the choice is that user's.
  const [remembered, setRemembered] = useState(() => ({ key, id: readStored(key) }));
  if (remembered.key !== key) setRemembered({ key, id: readStored(key) });
  const stored = remembered.key === key ? remembered.id : readStored(key);
  const { data: locations, isError } = useGetLocationsQuery();
  const several = (locations?.length ?? 0) > 1;
  const locationId = several && locations?.some((l) => l.id === stored) ? stored : null;
  return {
    locations: locations ?? [],
    several,
    locationId,
    ready: stored === null || locations !== undefined || isError,
    setLocationId: (id: number | null) => {
      setRemembered({ key, id });
      writeStored(key, id);
    },
  };
}
