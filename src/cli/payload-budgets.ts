import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { budgetTable, payloadBudgets } from "../build/payload-budgets.ts";
import { runCommand } from "../lib/command.ts";

/** Every file of a built tree as site path → bytes. */
const readTree = async (root: string): Promise<Map<string, Uint8Array>> => {
  const folder = await stat(root).catch(() => undefined);
  if (!folder?.isDirectory())
    throw new Error(`${root} is not a folder; build one with npm run build (or npm run build -- --out DIR)`);
  const tree = new Map<string, Uint8Array>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    tree.set(`/${path.relative(root, full).split(path.sep).join("/")}`, await readFile(full));
  }
  return tree;
};

/**
 * `npm run budgets [-- --site DIR] [--all]`: the gzip size of every budgeted file of a built tree (default `_site/`)
 * against its limit, as a table (`--all` lists every single fact and diff, not only the largest); exit 1 when a
 * file is over its limit.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: { site: { type: "string", default: "_site" }, all: { type: "boolean", default: false } },
    strict: true,
  });
  const report = payloadBudgets(await readTree(values.site));
  console.log(budgetTable(report, { all: values.all }));
  const verdict =
    report.over.length === 0
      ? `every budgeted file of ${values.site}/ (${report.rows.length} files, ${report.factCount} facts) is within its limit`
      : `${report.over.length} of ${report.rows.length} budgeted files of ${values.site}/ are over their limit: ${report.over.map((row) => row.path).join(", ")}`;
  (report.over.length === 0 ? console.log : console.error)(verdict);
  return report.over.length === 0 ? 0 : 1;
};

runCommand("budgets", main);
