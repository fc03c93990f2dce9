import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";

/**
 * `npm run bench`: runs every `bench/*.bench.ts` in turn, each in its own process so one benchmark's
 * memory and JIT state do not colour the next. A name filter may be given: `npm run bench -- history`.
 */
const filter = process.argv[2];
const directory = import.meta.dirname;
const benches = (await readdir(directory))
  .filter((name) => name.endsWith(".bench.ts") && (!filter || name.includes(filter)))
  .sort();
let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const code = await new Promise<number | null>((resolve) => {
    spawn(process.execPath, [path.join(directory, bench)], { stdio: "inherit" }).on("close", resolve);
  });
  if (code !== 0) failed++;
}
if (failed > 0) {
  console.error(`\n${failed} benchmark(s) failed or missed their target`);
  process.exitCode = 1;
}
