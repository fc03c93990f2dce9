import { readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { NEXT_SUFFIX } from "../../lib/write-file-atomic.ts";

/**
 * Finishes or discards the writes a killed process left in `folder` (see writeFileAtomic). A `.next` file
 * beside its target may be torn and is dropped; a `.next` file without its target was complete when the
 * target was unlinked, and is promoted, provided `isComplete` accepts its content.
 */
export const recoverAtomicWrites = async (folder: string, isComplete: (text: string) => boolean): Promise<void> => {
  for (const name of await readdir(folder)) {
    if (!name.endsWith(NEXT_SUFFIX)) continue;
    const next = path.join(folder, name);
    const target = next.slice(0, -NEXT_SUFFIX.length);
    const targetExists = await stat(target).then(
      () => true,
      () => false,
    );
    if (!targetExists && isComplete(await readFile(next, "utf8"))) await rename(next, target);
    else await rm(next, { force: true });
  }
};
