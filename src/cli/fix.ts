import { parseArgs } from "node:util";
import { fixFacts } from "../check/fix-facts.ts";
import { runCommand } from "../lib/run-command.ts";

/**
 * `npm run fix`: rewrites each fact file whose keys are out of the schema's order or whose expires_iso does not
 * follow from its cadence (then `npm run fix` formats the code with Biome). `--dry-run` lists what it would change.
 * Exits 1 when a file cannot be fixed because it does not parse or match the schema.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { root: { type: "string", default: "." }, "dry-run": { type: "boolean", default: false } }, strict: true });
  const report = await fixFacts(values.root, { dryRun: values["dry-run"] });
  for (const { file, changes } of report.fixed) console.log(`${file}: ${changes.join("; ")}`);
  for (const problem of report.unfixable) console.log(problem);
  const verb = values["dry-run"] ? "would fix" : "fixed";
  console.log(
    report.unfixable.length === 0
      ? `${verb} ${report.fixed.length} fact file(s)`
      : `${verb} ${report.fixed.length} fact file(s); ${report.unfixable.length} problem(s) to fix by hand first (npm run check)`,
  );
  return report.unfixable.length === 0 ? 0 : 1;
};

runCommand("fix", main);
