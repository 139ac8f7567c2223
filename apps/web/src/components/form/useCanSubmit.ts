import { useFormState, useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Whether the submit button is enabled (spec §4: only once the form is changed and valid).
 * Errors are shown on blur, but validity follows every keystroke: otherwise the button stays disabled
 * until the last field loses focus, so Enter in that field and a click on the button do nothing.
 */
export function useCanSubmit<T extends FieldValues>(control: Control<T>, schema: z.ZodType): boolean {
  const values = useWatch({ control });
  const { isDirty, isSubmitting } = useFormState({ control });
  return isDirty && !isSubmitting && schema.safeParse(values).success;
}
