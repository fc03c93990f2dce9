import { renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";

/** The suffix of the complete new content of a file, written before it replaces the file. */
export const NEXT_SUFFIX = ".next";

/**
 * Replaces `file` with `text` so that a process killed at any point leaves the old content or the new, never a
 * torn file: the new content is written in full to `<file>.next`, then renamed into place.
 * The old file is unlinked just before the rename rather than renamed over, because ext4 flushes the data of
 * a file renamed over another one at once (its `auto_da_alloc`), which made every state write a disk round trip;
 * should the process die between the two steps, `recoverAtomicWrites` finds the complete `.next` file and
 * promotes it. Synchronous on purpose: the three calls cost a third of the CPU of their promise versions, the
 * record is on disk before the caller's next step (the attempt) begins, and a CLI has no one else to keep waiting.
 */
export const writeFileAtomic = (file: string, text: string): void => {
  const next = `${file}${NEXT_SUFFIX}`;
  try {
    writeFileSync(next, text);
  } catch (error: unknown) {
    rmSync(next, { force: true });
    throw error;
  }
  try {
    unlinkSync(file);
  } catch (error: unknown) {
    if ((error as { code?: unknown }).code !== "ENOENT") throw error;
  }
  renameSync(next, file);
};
