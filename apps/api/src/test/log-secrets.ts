/** What must never appear in a server log (DESIGN §6): password hashes, and the given personal values. */
export function secretsIn(log: string, values: readonly string[]): string[] {
  const needles = ['$argon2id$', ...values];
  return needles.filter((n) => n.length > 0 && log.toLowerCase().includes(n.toLowerCase()));
}
