import type { Dirent, Stats } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { type GitResult, gitResult } from "../lib/git.ts";
import type { Problem } from "../lib/problem.ts";
import { compareText } from "../lib/text.ts";

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

/** What an entry is, in the words of a problem, when it is neither a folder nor a regular file. */
const specialKind = (entry: Dirent): string | undefined => {
  if (entry.isSymbolicLink()) return "a symbolic link";
  if (entry.isFIFO()) return "a named pipe (FIFO)";
  if (entry.isSocket()) return "a socket";
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return "a device";
  return undefined;
};

/**
 * The paths below `directory` that git tracks as something other than a regular file: a symbolic link (mode 120000)
 * or a submodule (160000). A checkout without symbolic links writes a link as a plain file holding its target, which
 * the file system alone would not tell apart. None when `root` is not a git work tree or git cannot run: the kinds the
 * file system shows are refused all the same.
 */
const trackedAsLink = async (root: string, directory: string): Promise<Map<string, string>> => {
  const links = new Map<string, string>();
  let listed: GitResult;
  try {
    listed = await gitResult(root, ["ls-files", "--stage", "-z", "--", directory]);
  } catch {
    return links;
  }
  if (listed.code !== 0) return links;
  for (const record of listed.stdout.toString("utf8").split("\0")) {
    const tab = record.indexOf("\t");
    const mode = record.slice(0, record.indexOf(" "));
    if (mode === "120000") links.set(record.slice(tab + 1), "git records it as a symbolic link");
    if (mode === "160000") links.set(record.slice(tab + 1), "git records it as a submodule");
  }
  return links;
};

/**
 * The data files below `directory` (`facts/` or `index-data/`) that may be read, and a problem for every entry that
 * may not. Each must be a regular file with one name: a symbolic link anywhere in the tree (the directory itself
 * included) could point outside the repository or make files silently vanish from the listing; a hard link shares its
 * content with a file elsewhere, perhaps outside the repository, and git would not record it as one; a named pipe
 * would block the reader forever, and a device or socket is not data. Entries are told apart without opening them.
 * Where `root` is a git work tree, a file git records as a link or submodule is refused as well. A new file need not
 * be added to git before the check: what git would store is judged from the file itself.
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
  const [entries, links] = await Promise.all([readdir(path.join(root, directory), { recursive: true, withFileTypes: true }), trackedAsLink(root, directory)]);
  const files: string[] = [];
  const problems: Problem[] = [];
  for (const entry of entries) {
    const file = relativePath(root, path.join(entry.parentPath, entry.name));
    const kind = specialKind(entry);
    const tracked = links.get(file);
    if (CONTROL_CHARACTER.test(entry.name)) problems.push(refuse(file, "the name contains a control character"));
    else if (kind) problems.push(refuse(file, `is ${kind}; facts and index data must be regular files and folders in the repository`));
    else if (tracked) problems.push(refuse(file, `${tracked}; facts and index data must be regular files and folders in the repository`));
    else if (entry.isFile()) {
      const { nlink } = await lstat(path.join(root, file));
      if (nlink > 1) problems.push(refuse(file, `has ${nlink} hard links; a data file must be a file of its own, not a link to one elsewhere`));
      else files.push(file);
    }
  }
  return { files: files.sort(), problems: problems.sort((a, b) => compareText(a.file, b.file)) };
};
