import { mkdir } from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";

/** The lock's name inside the state folder: a directory, made atomically, that git does not track. */
export const LOCK_NAME = "lock";

/** A lock not refreshed for this long belongs to a process that died (a kill -9, a cancelled job): it is taken over. */
const STALE_MS = 20_000;
const POLL_MS = 250;

/**
 * Takes the state folder's lock (making the folder if it is missing), waiting up to `waitMs` for a command that holds it, and returns its release.
 * A second command never writes beside the first: it waits, then refuses with a message saying what to do.
 * The holder refreshes the lock while it runs; one that died stops refreshing, and after STALE_MS it is taken over.
 */
export const lockStateFolder = async (directory: string, waitMs: number): Promise<() => Promise<void>> => {
  await mkdir(directory, { recursive: true });
  const lockPath = path.join(directory, LOCK_NAME);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await lockfile.lock(directory, { lockfilePath: lockPath, realpath: false, stale: STALE_MS, update: STALE_MS / 4, retries: 0 });
    } catch (error: unknown) {
      if ((error as { code?: unknown }).code !== "ELOCKED") throw error;
      if (Date.now() >= deadline) {
        throw new Error(
          `${directory} is locked by another webhooks command (${lockPath}); waited ${Math.round(waitMs / 1000)} s. ` +
            "Run this command again once it has finished (FACTS_WEBHOOK_LOCK_WAIT_SECONDS sets the wait); a lock left by a killed process is taken over after 20 s",
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
    }
  }
};
