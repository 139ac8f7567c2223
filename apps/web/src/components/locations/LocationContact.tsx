import type { AppointmentLocation } from '@balie/shared';
import { ContactCard } from '../organisation/ContactCard';
import { useGetOrganisationQuery } from '../organisation/organisationApi';
import { useGetLocationsQuery } from './locationListApi';

/** A location as an appointment or a hold names it: the address only once the appointment is made. */
export type PlaceOfAppointment = Pick<AppointmentLocation, 'id' | 'name'> &
  Partial<Pick<AppointmentLocation, 'street' | 'postcode' | 'city'>>;

/**
 * The active location `id` (GET /locations, public: with its notice in the interface language and its
 * phone), while the list is there.
 */
export function useLocationDetails(id: number | undefined) {
  const { data } = useGetLocationsQuery(undefined, { skip: id === undefined });
  return data?.find((l) => l.id === id);
}

/**
 * Where to go for an appointment (DESIGN §4b): the location's name, address with a map link, notice and
 * phone (the organisation's phone when it has none), and the organisation's e-mail.
 */
export function LocationContact({ location }: { location: PlaceOfAppointment }) {
  const details = useLocationDetails(location.id);
  const { data: org } = useGetOrganisationQuery();
  return (
    <ContactCard
      contact={{
        name: location.name,
        street: location.street ?? details?.street ?? '',
        postcode: location.postcode ?? details?.postcode ?? '',
        city: location.city ?? details?.city ?? '',
        notice: details?.notice,
        phone: details?.phone || org?.phone,
        email: org?.email,
      }}
    />
  );
}
