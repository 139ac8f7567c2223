/** A piece of a plain-text statement: a heading or a paragraph. */
export interface StatementBlock {
  heading: boolean;
  text: string;
}

/**
 * Plain text as the organisation writes it (no markdown, decision 0372): paragraphs split by blank
 * lines; a paragraph's first line that is short and ends without punctuation is its heading.
 */
export function statementBlocks(text: string): StatementBlock[] {
  const blocks: StatementBlock[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const lines = paragraph.trim().split('\n');
    const first = lines[0]?.trim() ?? '';
    if (!first) continue;
    if (lines.length > 1 && first.length <= 60 && !/[.:;!?,]$/.test(first)) {
      blocks.push({ heading: true, text: first });
      lines.shift();
    }
    const rest = lines.join('\n').trim();
    if (rest) blocks.push({ heading: false, text: rest });
  }
  return blocks;
}
