import { runGit } from "./run-git.ts";

/**
 * Reads many objects through a single `git cat-file --batch`: one process however many blobs are asked for.
 * Returns the content of each object by id; an id git does not know is reported as an error.
 */
export const catFileBatch = async (cwd: string, objectIds: Iterable<string>): Promise<Map<string, Buffer>> => {
  const ids = [...new Set(objectIds)];
  const contents = new Map<string, Buffer>();
  if (ids.length === 0) return contents;
  const output = await runGit(cwd, ["cat-file", "--batch"], `${ids.join("\n")}\n`);
  let offset = 0;
  while (offset < output.length) {
    const headerEnd = output.indexOf(0x0a, offset);
    const header = output.toString("latin1", offset, headerEnd);
    const [id, type, size] = header.split(" ");
    if (type === "missing" || id === undefined || size === undefined) throw new Error(`git object ${id} is missing from the repository`);
    const start = headerEnd + 1;
    const end = start + Number(size);
    contents.set(id, output.subarray(start, end));
    offset = end + 1;
  }
  return contents;
};
