/**
 * The message of anything thrown, for a log line or an error report: an `Error`'s message, with the code of a
 * system error when the message does not already name it (`ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9`), and the
 * messages of up to two causes after it (`fetch failed <- ECONNRESET: socket hang up`); anything else as a string.
 */
export const errorMessage = (error: unknown): string => {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 3; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    parts.push(
      typeof code === "string" && !current.message.includes(code) ? `${code}: ${current.message}` : current.message,
    );
  }
  return parts.length === 0 ? String(error) : parts.join(" <- ");
};

/**
 * An error in what the person running a command asked for (an argument or a setting): the command runner prints its
 * message, with the command's usage when it has one, and exits with code 2 without a stack trace.
 */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * The data a command works on has problems (it does not pass `npm run check`): the command runner prints the message,
 * which lists them, and exits with code 1, as `npm run check` itself does for the same data.
 */
export class ProblemsFound extends Error {
  override name = "ProblemsFound";
}

/** Whether a file system error says the file (or a folder on its path) does not exist. */
export const isMissingFile = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "ENOENT";
