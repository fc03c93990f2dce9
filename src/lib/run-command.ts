import { errorMessage, UsageError } from "./errors.ts";

/**
 * The exit codes of every command (`npm run <command>`): 0 done (nothing wrong found); 1 done, and it found
 * problems (the command's `main` returns 1); 2 it could not do its work: an argument or setting was wrong (a
 * {@link UsageError}, printed with the command's usage when it has one) or a step failed (printed as one line,
 * `<name> failed: <message>`, never as a stack trace).
 */
export const EXIT = { done: 0, problems: 1, failed: 2 } as const;

/**
 * Runs a command's main function under the exit codes above. Every CLI in `src/cli` goes through it, so they all
 * exit alike.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a command that has no verdict to give returns nothing, which exits 0.
export const runCommand = (name: string, main: () => Promise<number | void>, usage?: string): void => {
  main().then(
    (code) => {
      process.exitCode = code ?? EXIT.done;
    },
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`${name}: ${error.message}${usage === undefined ? "" : `\n${usage}`}`);
      else console.error(`${name} failed: ${errorMessage(error)}`);
      process.exitCode = EXIT.failed;
    },
  );
};
