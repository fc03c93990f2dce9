import { parseArgs } from "node:util";
import { fixFacts } from "../check/fix-facts.ts";
import { runCommand } from "../lib/command.ts";
import { type BaseChoice, defaultBase } from "../lib/git.ts";

/**
 * `npm run fix`: rewrites each fact file whose keys are out of the schema's order, whose expires_iso is missing or
 * does not follow from its cadence, or whose value, unit or effective_iso changed against the base while its version
 * did not (then `npm run fix` formats the code with Biome). The base is `--base REV`, else the one `npm run check`
 * uses (see defaultBase); the first line names it. `--dry-run` lists what it would change. Exits 1 when a file
 * cannot be fixed because it does not parse or match the schema.
 */
const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: {
      root: { type: "string", default: "." },
      base: { type: "string" },
      "dry-run": { type: "boolean", default: false },
    },
    strict: true,
  });
  const base: BaseChoice =
    values.base === undefined
      ? await defaultBase(values.root)
      : { revision: values.base, description: `base: ${values.base} (given with --base)` };
  console.log(base.description);
  const report = await fixFacts(values.root, {
    dryRun: values["dry-run"],
    ...(base.revision === undefined ? {} : { base: base.revision }),
  });
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
