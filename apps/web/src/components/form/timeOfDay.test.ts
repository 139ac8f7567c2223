import { describe, expect, it } from 'vitest';
import { normaliseTimeOfDay } from './timeOfDay';

describe('normaliseTimeOfDay', () => {
  it('writes the usual ways of typing a time as HH:mm on 24 hours', () => {
    expect(
      ['9:00', '9.00', '900', '0900', '9', '09:00', ' 17:30 ', '17h30', '24:00'].map(normaliseTimeOfDay),
    ).toEqual(['09:00', '09:00', '09:00', '09:00', '09:00', '09:00', '17:30', '17:30', '24:00']);
  });

  it('leaves what is not a time as typed, for the schema to reject', () => {
    expect(['9 am', '9:5', '12345', '', 'noon'].map(normaliseTimeOfDay)).toEqual([
      '9 am',
      '9:5',
      '12345',
      '',
      'noon',
    ]);
  });
});
