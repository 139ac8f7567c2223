import { ContactCard } from './ContactCard';
import { useGetOrganisationQuery } from './organisationApi';

/** How to reach the provider (address with a map link, phone, e-mail) from the organisation record; only filled-in parts. */
export function OrganisationContact() {
  const { data: org } = useGetOrganisationQuery();
  return org ? <ContactCard contact={org} /> : null;
}
