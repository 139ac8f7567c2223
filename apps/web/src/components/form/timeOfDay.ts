/**
 * What people type for a time of day, written as the API takes it ('HH:mm', 24 hours): '9:00', '9.00',
 * '900' and '0900' become '09:00', '9' becomes '09:00'. Anything else is left as typed, so the schema's
 * `invalid_time` shows under the field instead of the text silently changing into something else.
 */
export function normaliseTimeOfDay(input: string): string {
  const text = input.trim();
  const parts = /^(\d{1,2})(?:[:.h]?(\d{2}))?$/.exec(text);
  if (!parts) return text;
  const [, hours = '', minutes = '00'] = parts;
  return `${hours.padStart(2, '0')}:${minutes}`;
}
