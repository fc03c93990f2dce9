import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readVariable } from "../src/lib/environment.ts";
import type { ContenderResult } from "./webhooks-contender.ts";

/**
 * Webhook dispatcher at scale: receivers on 127.0.0.1 that answer after 20 ms, as a quick real endpoint
 * does; 10,000 and 100,000 subscribers with one event each, and 1,000 subscribers with 100 events; concurrency 256.
 * Each scenario runs the dispatcher (planning, the delivery state on disk, every attempt, the state compacted), each
 * in a process of its own. Targets, what subscribers and the machine need of it (on the 2-core machine):
 * - at least 2,000 deliveries per second in each scenario of 100,000 deliveries;
 * - peak RSS at most 1 GB, in every scenario;
 * - the compacted state at most 400 bytes per finished delivery;
 * - 10 x the subscribers in at most 11 x the time.
 * A bare undici POST loop of the same signed bodies at the same concurrency runs beside it and is printed for
 * reference only: on 2 cores it shares the CPU with the receivers, so a ratio to it measures the machine's load more
 * than the dispatcher. CPU microseconds per delivery are printed for both. The state goes to FACTS_WEBHOOK_STATE's
 * parent when it is set, else the temporary folder.
 */
const RECEIVER_DELAY_MS = 20;
const CONCURRENCY = 256;
const SCENARIOS = [
  { name: "10,000 subscribers x 1 event", subscribers: 10_000, events: 1 },
  { name: "100,000 subscribers x 1 event", subscribers: 100_000, events: 1 },
  { name: "1,000 subscribers x 100 events", subscribers: 1_000, events: 100 },
] as const;
const TARGETS = {
  perSecondAt100k: 2_000,
  capacityScale: 100_000,
  peakRssMb: 1_024,
  stateBytesPerDelivery: 400,
  scaling: 11,
};
const configuredState = readVariable("FACTS_WEBHOOK_STATE");
const stateRoot = configuredState ? path.dirname(path.resolve(configuredState)) : os.tmpdir();

/** The receivers run in a process of their own, each request answered 204 after RECEIVER_DELAY_MS. */
const startReceiver = async (): Promise<{ origin: string; stop: () => void }> => {
  const code = `
    const http = require("node:http");
    const answer = (response) => response.writeHead(204).end();
    const server = http.createServer((request, response) => {
      request.resume();
      request.on("end", () => setTimeout(answer, ${RECEIVER_DELAY_MS}, response));
    });
    server.keepAliveTimeout = 60000;
    server.maxConnections = 4096;
    server.listen(0, "127.0.0.1", 4096, () => console.log(server.address().port));
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (exitCode) => reject(new Error(`receiver exited ${exitCode}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
};

const runContender = async (args: string[]): Promise<ContenderResult> => {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "webhooks-contender.ts"), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`contender ${args[0]} exited ${code}`);
  return JSON.parse(output.trim().split("\n").at(-1)!) as ContenderResult;
};

const row = (result: ContenderResult): string =>
  `${result.contender.padEnd(11)} ${result.perSecond.toFixed(0).padStart(7)} deliveries/s  ${result.seconds.toFixed(2).padStart(6)} s  ` +
  `CPU ${result.cpuMicrosPerDelivery.toFixed(1).padStart(6)} µs/delivery  peak RSS ${result.peakRssMb.toFixed(0).padStart(4)} MB` +
  (result.stateBytes === undefined
    ? ""
    : `  state ${(result.stateBytes / result.deliveries).toFixed(0)} bytes/delivery`);

const failures: string[] = [];
const receiver = await startReceiver();
const folders: string[] = [];
const seconds = new Map<string, number>();
try {
  console.log(
    `receivers answering after ${RECEIVER_DELAY_MS} ms on 127.0.0.1, concurrency ${CONCURRENCY}, state in ${stateRoot}`,
  );
  // A short run of each contender first, so neither meets a cold receiver.
  const warm = await mkdtemp(path.join(stateRoot, "webhooks-bench-"));
  folders.push(warm);
  await runContender(["bare", "500", "1", receiver.origin, warm, String(CONCURRENCY)]);
  await runContender(["dispatcher", "500", "1", receiver.origin, warm, String(CONCURRENCY)]);
  for (const scenario of SCENARIOS) {
    const state = await mkdtemp(path.join(stateRoot, "webhooks-bench-"));
    folders.push(state);
    const args = [String(scenario.subscribers), String(scenario.events), receiver.origin, state, String(CONCURRENCY)];
    const bare = await runContender(["bare", ...args]);
    const ours = await runContender(["dispatcher", ...args]);
    const expected = scenario.subscribers * scenario.events;
    console.log(`\n${scenario.name} (${expected.toLocaleString("en-CA")} deliveries):`);
    console.log(`  ${row(ours)}`);
    console.log(`  ${row(bare)}  (reference only)`);
    seconds.set(scenario.name, ours.seconds);
    if (bare.deliveries !== expected || ours.deliveries !== expected)
      failures.push(`${scenario.name}: not every delivery was answered 204`);
    if (expected >= TARGETS.capacityScale && ours.perSecond < TARGETS.perSecondAt100k)
      failures.push(
        `${scenario.name}: ${ours.perSecond.toFixed(0)} deliveries/s, below ${TARGETS.perSecondAt100k.toLocaleString("en-CA")}`,
      );
    const bytes = ours.stateBytes! / ours.deliveries;
    if (bytes > TARGETS.stateBytesPerDelivery)
      failures.push(
        `${scenario.name}: state ${bytes.toFixed(0)} bytes per delivery, above ${TARGETS.stateBytesPerDelivery}`,
      );
    if (ours.peakRssMb > TARGETS.peakRssMb)
      failures.push(`${scenario.name}: peak RSS ${ours.peakRssMb.toFixed(0)} MB, above ${TARGETS.peakRssMb} MB`);
  }
  const scaling = seconds.get(SCENARIOS[1].name)! / seconds.get(SCENARIOS[0].name)!;
  console.log(`\n10x the subscribers took ${scaling.toFixed(2)}x the time (target <= ${TARGETS.scaling})`);
  console.log(
    `targets: >= ${TARGETS.perSecondAt100k.toLocaleString("en-CA")} deliveries/s at 100,000 deliveries, peak RSS <= ${TARGETS.peakRssMb} MB, ` +
      `state <= ${TARGETS.stateBytesPerDelivery} bytes/delivery`,
  );
  if (scaling > TARGETS.scaling)
    failures.push(`10x the subscribers took ${scaling.toFixed(2)}x the time, above ${TARGETS.scaling}`);
} finally {
  receiver.stop();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}
if (failures.length > 0) {
  for (const failure of failures) console.error(`missed: ${failure}`);
  process.exitCode = 1;
} else {
  console.log("every target met");
}
