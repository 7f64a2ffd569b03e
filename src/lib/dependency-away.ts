/**
 * Whether an error says that a service this process depends on (the database, object storage)
 * could not be reached or went away, rather than that a request was wrong or the code failed:
 * such a failure goes away by itself once the service is back.
 */
export function isDependencyAway(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (saysAway(cause)) return true;
    cause = cause.cause;
  }
  return false;
}

/** Node's own codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's: connection exceptions (class 08), the server shutting down or starting
 * (57P01 to 57P03), and no connection slot left (53300).
 */
const POSTGRES_AWAY = /^(08...|57P0[1-3]|53300)$/;

/** What the PostgreSQL driver and its pool say of a connection lost or never made. */
const POSTGRES_DRIVER_AWAY =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

function saysAway(error: Error): boolean {
  const { code, $metadata, $retryable } = error as Error & {
    code?: unknown;
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_AWAY.test(code))) return true;
  if (POSTGRES_DRIVER_AWAY.test(error.message)) return true;
  // The AWS SDK: a server error or throttling of object storage, or a request that timed out.
  if ($metadata !== undefined) {
    const status = $metadata.httpStatusCode;
    return (
      (status !== undefined && status >= 500) || $retryable !== undefined || error.name === 'TimeoutError'
    );
  }
  return false;
}
