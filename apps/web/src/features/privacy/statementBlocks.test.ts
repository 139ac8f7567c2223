import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_STATEMENT } from '@balie/shared';
import { statementBlocks } from './statementBlocks';

describe('statementBlocks', () => {
  it('splits paragraphs and takes a short first line without a full stop as a heading', () => {
    expect(statementBlocks('Intro text.\n\nHow long\nKept 30 days.\nThen gone.\n\n\nLast words.')).toEqual([
      { heading: false, text: 'Intro text.' },
      { heading: true, text: 'How long' },
      { heading: false, text: 'Kept 30 days.\nThen gone.' },
      { heading: false, text: 'Last words.' },
    ]);
  });

  it('finds the default statement’s seven headings in each language', () => {
    for (const text of Object.values(DEFAULT_PRIVACY_STATEMENT))
      expect(statementBlocks(text).filter((b) => b.heading)).toHaveLength(7);
  });
});
