import { useParams } from 'react-router';

/** The :productId route parameter, or null when it is not a positive whole number. */
export function useProductIdParam(): number | null {
  const id = Number(useParams().productId);
  return Number.isInteger(id) && id > 0 ? id : null;
}
