import type { Dirent, Stats } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { compareText } from "../lib/compare-text.ts";
import type { Problem } from "../lib/problem.ts";

/** Every file below `directory`, as sorted POSIX paths relative to `root`; an absent directory has none. */
export const listFiles = async (root: string, directory: string): Promise<string[]> => {
  const absolute = path.join(root, directory);
  let entries: Dirent[];
  try {
    entries = await readdir(absolute, { recursive: true, withFileTypes: true });
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relativePath(root, path.join(entry.parentPath, entry.name)))
    .sort();
};

const relativePath = (root: string, absolute: string): string => path.relative(root, absolute).split(path.sep).join("/");

/** Control characters (C0, DEL, C1): never part of a data file's name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this pattern.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** A path as it may be printed: control characters written as JSON escapes, so a report never carries them raw. */
export const printablePath = (file: string): string => (CONTROL_CHARACTER.test(file) ? JSON.stringify(file).slice(1, -1) : file);

/**
 * The data files below `directory` (`facts/` or `index-data/`) that may be read, and a problem for every entry that
 * may not: a symbolic link anywhere in the tree, the directory itself included (it could point outside the
 * repository, or make files silently vanish from the listing), and a name with control characters.
 */
export const listDataFiles = async (root: string, directory: string): Promise<{ files: string[]; problems: Problem[] }> => {
  const refuse = (file: string, message: string): Problem => ({ file: printablePath(file), line: 1, column: 1, pointer: "", message });
  let top: Stats;
  try {
    top = await lstat(path.join(root, directory));
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { files: [], problems: [] };
    throw error;
  }
  if (top.isSymbolicLink()) return { files: [], problems: [refuse(directory, `${directory}/ is a symbolic link; it must be a folder in the repository`)] };
  const entries = await readdir(path.join(root, directory), { recursive: true, withFileTypes: true });
  const files: string[] = [];
  const problems: Problem[] = [];
  for (const entry of entries) {
    const file = relativePath(root, path.join(entry.parentPath, entry.name));
    if (CONTROL_CHARACTER.test(entry.name)) problems.push(refuse(file, "the name contains a control character"));
    else if (entry.isSymbolicLink()) problems.push(refuse(file, "is a symbolic link; facts and index data must be files and folders in the repository"));
    else if (entry.isFile()) files.push(file);
  }
  return { files: files.sort(), problems: problems.sort((a, b) => compareText(a.file, b.file)) };
};
