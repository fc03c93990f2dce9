import { catFileBatch, runGit } from "../lib/git.ts";

/** A fact file as it stood at some revision: its path and parsed JSON (or the reason it did not parse). */
export interface FileAtRevision {
  path: string;
  blob: string;
  json: unknown;
  parseError?: string;
}

/** Every `facts/**.json` file at `revision`, read with one `git ls-tree` and one `git cat-file --batch`. */
export const factsAtRevision = async (cwd: string, revision: string): Promise<FileAtRevision[]> => {
  const listing = (await runGit(cwd, ["ls-tree", "-r", "-z", "--full-tree", revision, "--", "facts"])).toString("utf8");
  const entries = listing
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split("\t");
      const [, type, blob] = (meta ?? "").split(" ");
      return { type, blob: blob ?? "", path: path ?? "" };
    })
    .filter((entry) => entry.type === "blob" && entry.path.endsWith(".json"));
  const contents = await catFileBatch(
    cwd,
    entries.map((entry) => entry.blob),
  );
  return entries.map(({ path, blob }) => {
    const text = contents.get(blob)?.toString("utf8") ?? "";
    try {
      return { path, blob, json: JSON.parse(text) as unknown };
    } catch (error: unknown) {
      return { path, blob, json: undefined, parseError: error instanceof Error ? error.message : String(error) };
    }
  });
};
