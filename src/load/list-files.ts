import { readdir } from "node:fs/promises";
import path from "node:path";

/** Every file below `directory`, as sorted POSIX paths relative to `root`; an absent directory has none. */
export const listFiles = async (root: string, directory: string): Promise<string[]> => {
  const absolute = path.join(root, directory);
  let entries;
  try {
    entries = await readdir(absolute, { recursive: true, withFileTypes: true });
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
};
