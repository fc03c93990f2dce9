import { errorMessage, ProblemsFound, UsageError } from "./errors.ts";

/**
 * The exit codes of every command (`npm run <command>`): 0 done (nothing wrong found); 1 it found problems in the data
 * (the command's `main` returns 1, or throws {@link ProblemsFound}); 2 it could not do its work: an argument or setting
 * was wrong (a {@link UsageError}, printed with the command's usage when it has one) or a step failed (printed as one
 * line, `<name> failed: <message>`, never as a stack trace).
 */
export const EXIT = { done: 0, problems: 1, failed: 2 } as const;

/** node:util's parseArgs refusing an option or argument: a usage error like any other. */
const isArgumentError = (error: unknown): error is Error =>
  error instanceof Error && String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS_");

/**
 * Runs a command's main function under the exit codes above. Every CLI in `src/cli` goes through it, so they all
 * exit alike.
 */
// A command that has no verdict to give returns nothing, which exits 0.
// biome-ignore lint/suspicious/noConfusingVoidType: a command may return nothing
export const runCommand = (name: string, main: () => Promise<number | void>, usage?: string): void => {
  main().then(
    (code) => {
      process.exitCode = code ?? EXIT.done;
    },
    (error: unknown) => {
      if (error instanceof ProblemsFound) {
        console.error(`${name} failed: ${error.message}`);
        process.exitCode = EXIT.problems;
        return;
      }
      if (error instanceof UsageError || isArgumentError(error))
        console.error(`${name}: ${error.message}${usage === undefined ? "" : `\n${usage}`}`);
      else console.error(`${name} failed: ${errorMessage(error)}`);
      process.exitCode = EXIT.failed;
    },
  );
};

/**
 * The longest any argument or setting may make a command wait, in seconds: a day (a Node timer of more than 2^31 ms,
 * about 24.8 days, would fire at once).
 */
export const MAX_WAIT_SECONDS = 86_400;

export interface WholeNumberBounds {
  /** Smallest value accepted (default 0). */
  min?: number;
  /** Largest value accepted (default Number.MAX_SAFE_INTEGER). */
  max?: number;
}

/**
 * The value of a whole number written in decimal digits only (no sign, point, exponent or `0x`) within the bounds, or
 * what is wrong with it (`must be a whole number from 0 to 65535`): the one rule for every count a person writes,
 * in an argument, a setting or an action input.
 */
export const checkWholeNumber = (
  text: string,
  bounds: WholeNumberBounds = {},
): { value: number } | { problem: string } => {
  const min = bounds.min ?? 0;
  const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
  const range = max !== Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : min > 0 ? ` of ${min} or more` : "";
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  return Number.isSafeInteger(value) && value >= min && value <= max
    ? { value }
    : { problem: `must be a whole number${range}` };
};

/**
 * {@link checkWholeNumber}, where anything else is a {@link UsageError} naming `what` (`--limit`, a setting's name).
 */
export const parseWholeNumber = (text: string, what: string, bounds: WholeNumberBounds = {}): number => {
  const read = checkWholeNumber(text, bounds);
  if ("problem" in read) throw new UsageError(`${what} ${read.problem}, got "${text}"`);
  return read.value;
};
