/** The SQLSTATE of a database error, as raised by pg and PGlite (or wrapped by Drizzle). */
function sqlStateOf(error: unknown): string | undefined {
  return (
    (error as { code?: string; cause?: { code?: string } } | undefined)?.code ??
    (error as { cause?: { code?: string } })?.cause?.code
  );
}

/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/**
 * PostgreSQL's data exceptions (class 22: a value too long for its column, a number out of its
 * type's range, a text with U+0000…): the values themselves are refused, so the same request
 * would be refused again, never a passing failure.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}
