/**
 * Runs a command's main function. Its result is the exit code (1 conventionally means "problems found"); an error
 * is printed as one line, `<name> failed: <message>`, never as a stack trace, and exits with `errorCode`
 * (2 by default: the command could not run at all).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a command that has no verdict to give returns nothing, which exits 0.
export const runCommand = (name: string, main: () => Promise<number | void>, errorCode = 2): void => {
  main().then(
    (code) => {
      process.exitCode = code ?? 0;
    },
    (error: unknown) => {
      console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = errorCode;
    },
  );
};
