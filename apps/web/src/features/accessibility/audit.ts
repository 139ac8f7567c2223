/**
 * The product's own accessibility audit (issue 23 item 3; docs/accessibility.md has the run in full):
 * what the statement at /accessibility says about the status, the date and what is still open. Change it
 * with the document when the audit is run again.
 */
export const ACCESSIBILITY_AUDIT = {
  /** The day of the last own audit (Europe/Amsterdam). */
  date: '2026-11-25',
  /** The model statement's status: B, "voldoet gedeeltelijk" (partially compliant). */
  status: 'partial',
  /** What is still open, as keys of the statement's texts (accessibility:known.*). */
  knownIssues: ['no_expert_audit', 'organisation_content'],
} as const;
