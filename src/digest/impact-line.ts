/**
 * The one-line practical impact of a revision: the commit message's last `Impact:` trailer, else its subject.
 * A trailer may continue on indented lines, which are joined.
 */
export const impactLine = (message: string): string => {
  const lines = message.split("\n");
  let impact: string | undefined;
  lines.forEach((line, index) => {
    const match = /^Impact:\s*(.*)$/i.exec(line);
    if (!match) return;
    const continuation: string[] = [];
    for (let next = index + 1; next < lines.length && /^\s+\S/.test(lines[next]!); next++) continuation.push(lines[next]!.trim());
    impact = [match[1]!.trim(), ...continuation].filter(Boolean).join(" ");
  });
  return impact || (lines[0] ?? "").trim();
};
