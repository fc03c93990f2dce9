import * as core from "@actions/core";

/**
 * Runs an action's work and reports an error as the runner shows it: one error annotation saying what could not be
 * done and why, and a failed step (core.setFailed sets the exit code), rather than a rejected promise and a stack
 * trace. Never rejects, so an entry file only has to call it.
 */
export const failOnError = async (whatFailed: string, work: () => Promise<void>): Promise<void> => {
  try {
    await work();
  } catch (error: unknown) {
    core.setFailed(`${whatFailed}: ${error instanceof Error ? error.message : String(error)}`);
  }
};
