import { performance } from "node:perf_hooks";
import { buildModel } from "../src/build/build-model.ts";
import { renderSite } from "../src/render/render-site.ts";
import { everyCalculator, sweep } from "./calculator-sweep.ts";

/**
 * Every calculator on the project's own published catalog, over extreme and hostile inputs (each option in turn at and
 * past its bounds, of the wrong type, hostile; unknown option names; options that are not an object). Target: every
 * call answers or refuses with a CalculatorError within 50 ms, which a page recomputing at each keystroke and an
 * assistant calling the MCP tools need. The slowest call of each calculator is printed beside the typical call.
 */
const TARGET_MS = 50;
const PROJECT_ROOT = new URL("..", import.meta.url).pathname;
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Vancouver" }).format(new Date());

const model = await buildModel(PROJECT_ROOT, { baseUrl: "https://facts.example.org", today });
const catalogFile = renderSite(model).get("/api/v1/facts/index.json");
if (catalogFile === undefined) throw new Error("the build wrote no /api/v1/facts/index.json");
const catalog = JSON.parse(catalogFile.toString());

let worst = 0;
let faults = 0;
for (const calculator of everyCalculator(today)) {
  const typical: number[] = [];
  for (let run = 0; run < 50; run++) {
    const started = performance.now();
    calculator.run(catalog, calculator.options);
    typical.push(performance.now() - started);
  }
  const report = sweep(catalog, [calculator]);
  worst = Math.max(worst, report.slowest.ms);
  faults += report.faults.length;
  for (const fault of report.faults) console.error(`  fault: ${fault}`);
  typical.sort((a, b) => a - b);
  console.log(
    `${calculator.name.padEnd(38)} typical ${typical[25]!.toFixed(3)} ms; slowest of ${String(report.calls).padStart(3)} extreme calls ${report.slowest.ms.toFixed(2)} ms (${report.slowest.option} = ${report.slowest.value})`,
  );
}
console.log(`slowest calculator call: ${worst.toFixed(2)} ms (target < ${TARGET_MS} ms); faults: ${faults}`);
if (worst >= TARGET_MS || faults > 0) {
  console.error("calculators benchmark: target missed");
  process.exitCode = 1;
}
