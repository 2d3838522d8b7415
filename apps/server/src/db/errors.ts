/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } } | undefined)?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
