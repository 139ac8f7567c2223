import { nowInProviderZone } from '../../../lib/providerZone';

export const PRESETS = ['last_week', 'last_4_weeks', 'this_quarter'] as const;
export type Preset = (typeof PRESETS)[number];

/**
 * The presets' days in the provider's zone: last week is Monday–Sunday before this week, the last four
 * weeks end today, this quarter runs from its first day until today.
 */
export function presetRange(preset: Preset, now = nowInProviderZone()): { from: string; until: string } {
  const today = now.startOf('day');
  if (preset === 'last_week') {
    const monday = today.minus({ weeks: 1 }).startOf('week');
    return { from: monday.toISODate()!, until: monday.plus({ days: 6 }).toISODate()! };
  }
  if (preset === 'last_4_weeks')
    return { from: today.minus({ days: 27 }).toISODate()!, until: today.toISODate()! };
  return { from: today.startOf('quarter').toISODate()!, until: today.toISODate()! };
}
