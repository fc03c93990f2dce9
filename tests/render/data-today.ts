import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The newest `retrieved_iso` in `facts/` and `index-data/`: a "today" on which the catalog and the index inputs are
 * valid (no date in the future, nothing expired yet), so the page tests depend neither on the clock nor on when the
 * data was last re-verified.
 */
export const dataToday = async (root: string): Promise<string> => {
  const dates: string[] = [];
  const factsDir = path.join(root, "facts");
  for (const domain of await readdir(factsDir)) {
    for (const name of await readdir(path.join(factsDir, domain))) {
      if (!name.endsWith(".json")) continue;
      type Cited = { citations?: { retrieved_iso?: string }[] };
      const fact = JSON.parse(await readFile(path.join(factsDir, domain, name), "utf8")) as Cited & {
        earlier?: Cited[];
        scheduled?: Cited[];
      };
      // Every citation of the file: the fact's own, its earlier periods' and its scheduled changes'.
      for (const cited of [fact, ...(fact.earlier ?? []), ...(fact.scheduled ?? [])])
        for (const citation of cited.citations ?? []) if (citation.retrieved_iso) dates.push(citation.retrieved_iso);
    }
  }
  const indexDir = path.join(root, "index-data");
  const indexFiles = (await readdir(indexDir, { recursive: true }).catch(() => [] as string[])).filter((name) =>
    name.endsWith(".json"),
  );
  for (const name of indexFiles) {
    const text = await readFile(path.join(indexDir, name), "utf8");
    for (const match of text.matchAll(/"retrieved_iso": "(\d{4}-\d{2}-\d{2})"/g)) dates.push(match[1]!);
  }
  const latest = dates.sort().at(-1);
  if (latest === undefined) throw new Error(`no retrieved_iso found under ${factsDir}`);
  return latest;
};
