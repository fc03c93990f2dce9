import { readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";

/** The suffix the earlier atomic write gave its new content; the webhooks change removes this pass. */
const NEXT_SUFFIX = ".next";

const readIfPresent = (file: string): Promise<string | undefined> =>
  readFile(file, "utf8").catch((error: unknown) => {
    if ((error as { code?: unknown }).code === "ENOENT") return undefined;
    throw error;
  });

/**
 * Finishes or discards the writes a killed process left in `folder` (see writeFileAtomic), and never lets a torn
 * file become an empty state. A `.next` file beside a complete target is the unfinished new version: dropped. A
 * complete `.next` file without its target was complete when the target was unlinked: promoted. Anything else (a
 * torn `.next` with no target, or a torn target) leaves both files as they are and refuses, naming them, so that
 * the state can be restored by hand instead of starting again from nothing.
 */
export const recoverAtomicWrites = async (folder: string, isComplete: (text: string) => boolean): Promise<void> => {
  for (const name of await readdir(folder)) {
    if (!name.endsWith(NEXT_SUFFIX)) continue;
    const next = path.join(folder, name);
    const target = next.slice(0, -NEXT_SUFFIX.length);
    const targetText = await readIfPresent(target);
    if (targetText !== undefined && isComplete(targetText)) {
      await rm(next, { force: true });
      continue;
    }
    if (targetText === undefined && isComplete(await readFile(next, "utf8"))) {
      await rename(next, target);
      continue;
    }
    throw new Error(
      targetText === undefined
        ? `${next} is torn and ${target} is missing: the delivery state cannot be recovered here; nothing was changed. Restore ${path.basename(target)} from the state branch, then remove ${path.basename(next)}`
        : `${target} is torn and ${next} is left beside it: the delivery state cannot be recovered here; nothing was changed. Restore ${path.basename(target)} from the state branch, then remove ${path.basename(next)}`,
    );
  }
};
