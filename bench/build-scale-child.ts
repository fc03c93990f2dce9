import { readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildModel } from "../src/build/build-model.ts";
import { writeTree } from "../src/build/write-tree.ts";
import { runCommand } from "../src/lib/command.ts";
import { baseUrlFromEnvironment, repositoryFromEnvironment } from "../src/lib/config.ts";
import { todayFromEnvironment } from "../src/lib/dates.ts";
import { renderSiteFiles } from "../src/render/render-site.ts";
import { FACT_VALUE_SCHEMAS } from "../src/schemas/index.ts";
import { templateIdOf } from "./synthetic-repository.ts";

/**
 * One build of the build-scale benchmark (bench/build-scale.bench.ts), in a process of its own: what `npm run build`
 * does (src/cli/build.ts: buildModel, then each file rendered, measured against its payload budget and written as it
 * comes, by writeTree), on the synthetic repository at `--root`, into `--out`, unsigned. Two differences, both because the repository is synthetic:
 * each synthetic fact is first given its template's value schema (the one thing the project's code has per fact id),
 * and a file over its payload budget is counted, not a reason to write nothing (the budgets were set for the project's
 * catalog, whose facts have a few versions, not 20). Prints one line, `build-scale-child <JSON>`, with the files and
 * bytes written, the files over budget, the process's peak resident memory and its CPU time (user and system).
 */
const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: { root: { type: "string", default: "." }, out: { type: "string", default: "_site" } },
    strict: true,
  });
  const schemas = FACT_VALUE_SCHEMAS as Record<string, unknown>;
  for (const domain of readdirSync(path.join(values.root, "facts"))) {
    for (const file of readdirSync(path.join(values.root, "facts", domain))) {
      const id = file.replace(/\.json$/, "");
      const template = templateIdOf(id);
      if (template !== undefined && Object.hasOwn(schemas, template) && !Object.hasOwn(schemas, id))
        schemas[id] = schemas[template];
    }
  }
  // Where the time and the memory go, phase by phase: seconds since the start, resident and heap memory in MB.
  const phases: { phase: string; s: number; rssMb: number; heapMb: number; externalMb: number }[] = [];
  const started = performance.now();
  const mark = (phase: string): void => {
    const memory = process.memoryUsage();
    phases.push({
      phase,
      s: Math.round((performance.now() - started) / 100) / 10,
      rssMb: Math.round(memory.rss / 2 ** 20),
      heapMb: Math.round(memory.heapUsed / 2 ** 20),
      // `external` includes the buffers (`arrayBuffers`): counted once.
      externalMb: Math.round(memory.external / 2 ** 20),
    });
  };
  const model = await buildModel(values.root, {
    baseUrl: baseUrlFromEnvironment(),
    today: todayFromEnvironment(),
    repository: repositoryFromEnvironment(),
  });
  mark("model");
  // Rendered, measured and written in one pass, as npm run build does it: one phase.
  const written = await writeTree(renderSiteFiles(model, { bytes: true }), values.out, { budgets: "count" });
  mark("written");
  console.log(
    `build-scale-child ${JSON.stringify({
      facts: model.facts.length,
      files: written.files,
      bytes: written.bytes,
      overBudget: written.budgets!.over.length,
      maxRssKb: process.resourceUsage().maxRSS,
      cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
      phases,
    })}`,
  );
};

runCommand("build-scale", main);
