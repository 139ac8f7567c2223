/** `%text%` for ILIKE, with the pattern characters (`\`, `%`, `_`) in `text` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
