/**
 * The `Key: text` lines of a commit message, in order, for one key (case-insensitive). A line may continue on
 * indented lines, which are joined. They are read anywhere in the message, not only in git's strict trailer block:
 * the project's revision commits put `Source:` and `Impact:` right after the body's last sentence, with no blank
 * line between, which `git interpret-trailers` does not count as trailers.
 */
export const commitLines = (message: string, key: string): string[] => {
  const lines = message.split("\n");
  const start = new RegExp(`^${key}:\\s*(.*)$`, "i");
  const found: string[] = [];
  lines.forEach((line, index) => {
    const match = start.exec(line);
    if (!match) return;
    const continuation: string[] = [];
    for (let next = index + 1; next < lines.length && /^\s+\S/.test(lines[next]!); next++) continuation.push(lines[next]!.trim());
    const text = [match[1]!.trim(), ...continuation].filter(Boolean).join(" ");
    if (text !== "") found.push(text);
  });
  return found;
};

/** The commit's `Impact:` line (the last one when there are several), or undefined when it has none. */
export const impactOf = (message: string): string | undefined => commitLines(message, "Impact").at(-1);

/**
 * The public note of a fact's version: the `Impact:` line of the commit that introduced it, or, for a merge commit
 * without one, of the newest merged commit that touched the fact (`merged_impact`, see readFactHistory). A version
 * without either gets a neutral note that says only what happened, never the subject line: a subject such as "update
 * fee" says nothing true to a reader, and may say something false.
 */
export const versionNote = (version: number, commit: { message: string; merged_impact?: string }): string =>
  impactOf(commit.message) ?? commit.merged_impact ?? (version === 1 ? "First published as version 1." : `Revised to version ${version}.`);
