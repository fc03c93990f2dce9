import { parseArgs } from "node:util";
import { buildModel } from "../build/build-model.ts";
import { writeSite } from "../build/write-site.ts";
import { baseUrlFromEnvironment } from "../lib/config.ts";
import { runCommand } from "../lib/run-command.ts";
import { todayFromEnvironment } from "../lib/today.ts";
import { renderSite } from "../render/index.ts";

/** `npm run build [-- --out DIR]`: validate, derive and write the whole endpoint tree (default `_site/`). */
const main = async (): Promise<void> => {
  const { values } = parseArgs({ options: { out: { type: "string", default: "_site" }, root: { type: "string", default: "." } }, strict: true });
  const model = await buildModel(values.root, { baseUrl: baseUrlFromEnvironment(), today: todayFromEnvironment() });
  const files = renderSite(model);
  await writeSite(files, values.out);
  console.log(`built ${files.size} files for ${model.facts.length} facts and ${model.diffs.length} diffs into ${values.out}/ (base URL ${model.urls.base})`);
};

runCommand("build", main, 1);
