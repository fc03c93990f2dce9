import { existsSync } from "node:fs";
import { appendFile, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startAttempt } from "../../src/webhooks/delivery/deliver.ts";
import { runDeliveries } from "../../src/webhooks/delivery/run-deliveries.ts";
import { createDeliveryStore, JOURNAL_FILE, SNAPSHOT_FILE } from "../../src/webhooks/state/delivery-store.ts";
import { planDeliveries } from "../../src/webhooks/state/plan-deliveries.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { BASE, HEAD, rentCapEvent, runContext, subscriber } from "./helpers/fixtures.ts";
import { startReceiver, status } from "./helpers/receiver.ts";

const records = planDeliveries([rentCapEvent, { ...rentCapEvent, factId: "bc.pds" }, { ...rentCapEvent, factId: "bc.hbrp" }], ["acme"], {
  base: BASE,
  head: HEAD,
  changedAt: "2026-11-21T18:30:00.000Z",
  baseUrl: "https://facts.example.org",
  createdAt: new Date("2026-11-22T09:00:00.000Z"),
});
const [first, second, third] = records as [(typeof records)[0], (typeof records)[0], (typeof records)[0]];
const at = new Date("2026-11-22T09:00:05.000Z");

const statuses = async (directory: string): Promise<Record<string, string>> => {
  const store = await createDeliveryStore(directory);
  const entries = (await store.list()).map((record) => [record.id, record.status] as const);
  await store.close();
  return Object.fromEntries(entries);
};

describe("the delivery store", () => {
  it("replays the journal a killed process left, dropping a torn last line, and compacts it into the snapshot", async () => {
    const directory = await tempDir();
    const store = await createDeliveryStore(directory);
    await Promise.all(records.map((record) => store.write(record)));
    await store.write(startAttempt(first, at));
    // Killed in the middle of the next append: the line is cut short and has no newline.
    await appendFile(path.join(directory, JOURNAL_FILE), JSON.stringify({ id: second.id, set: { status: "delivered" } }).slice(0, 30));

    expect(await statuses(directory)).toEqual({ [first.id]: "attempted", [second.id]: "pending", [third.id]: "pending" });
    expect(existsSync(path.join(directory, JOURNAL_FILE))).toBe(false);
    const snapshot = await readFile(path.join(directory, SNAPSHOT_FILE), "utf8");
    expect(JSON.parse(snapshot).deliveries.map((record: { id: string }) => record.id)).toEqual(records.map((record) => record.id).sort());
    expect(snapshot.split("\n")).toHaveLength(records.length + 3);
  });

  it("compacts when the run ends, and a run that changes nothing leaves the folder as it was", async () => {
    const directory = await tempDir();
    const store = await createDeliveryStore(directory);
    await Promise.all(records.map((record) => store.write(record)));
    expect((await readFile(path.join(directory, JOURNAL_FILE), "utf8")).trimEnd().split("\n")).toHaveLength(records.length);
    await store.close();
    expect((await readdir(directory)).sort()).toEqual([SNAPSHOT_FILE, "gone"]);
    const snapshot = await readFile(path.join(directory, SNAPSHOT_FILE), "utf8");

    const idle = await createDeliveryStore(directory);
    expect(await idle.has(first.id)).toBe(true);
    await idle.close();
    expect((await readdir(directory)).sort()).toEqual([SNAPSHOT_FILE, "gone"]);
    expect(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8")).toBe(snapshot);
  });

  it("replays a journal the snapshot already holds to the same state (killed between the snapshot's rename and the journal's removal)", async () => {
    const directory = await tempDir();
    const store = await createDeliveryStore(directory);
    await Promise.all(records.map((record) => store.write(record)));
    await store.write(startAttempt(first, at));
    const journal = await readFile(path.join(directory, JOURNAL_FILE), "utf8");
    await store.close();
    const before = await readFile(path.join(directory, SNAPSHOT_FILE), "utf8");
    await writeFile(path.join(directory, JOURNAL_FILE), journal);

    expect(await statuses(directory)).toEqual({ [first.id]: "attempted", [second.id]: "pending", [third.id]: "pending" });
    expect(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8")).toBe(before);
  });

  it("finishes or drops a snapshot write a killed process left half done", async () => {
    const directory = await tempDir();
    const store = await createDeliveryStore(directory);
    await store.write(first);
    await store.close();
    const snapshotFile = path.join(directory, SNAPSHOT_FILE);
    const complete = await readFile(snapshotFile, "utf8");

    // Killed while writing the next snapshot: the old one stands.
    await writeFile(`${snapshotFile}.next`, complete.slice(0, 40));
    expect(await statuses(directory)).toEqual({ [first.id]: "pending" });
    expect(existsSync(`${snapshotFile}.next`)).toBe(false);

    // Killed between removing the old snapshot and renaming the new one into place: the new one is promoted.
    await writeFile(`${snapshotFile}.next`, complete.replace('"pending"', '"delivered"'));
    await unlink(snapshotFile);
    expect(await statuses(directory)).toEqual({ [first.id]: "delivered" });
  });

  it("names the file and line of a malformed journal line, and the entry of a malformed snapshot record", async () => {
    const directory = await tempDir();
    const store = await createDeliveryStore(directory);
    await store.write(first);
    await store.write({ ...first, status: "lost" as "pending" });
    await store.write(second);
    const journal = path.join(directory, JOURNAL_FILE);
    await expect(createDeliveryStore(directory)).rejects.toThrow(`${journal}:2: the delivery state is malformed: status:`);

    await writeFile(journal, `${JSON.stringify({ id: first.id, set: first })}\n{"id": "${second.id}", "se\n${JSON.stringify({ id: third.id, set: third })}\n`);
    await expect(createDeliveryStore(directory)).rejects.toThrow(`${journal}:2: the delivery state is not valid JSON`);

    const clean = await tempDir();
    await writeFile(path.join(clean, SNAPSHOT_FILE), `{"deliveries": [\n${JSON.stringify(first)},\n${JSON.stringify({ ...second, attempts: "none" })}\n]}\n`);
    await expect(createDeliveryStore(clean)).rejects.toThrow(`${path.join(clean, SNAPSHOT_FILE)}: deliveries[1]: the delivery state is malformed: attempts:`);
  });

  it("after a crash between the journal append and the request, sends each delivery once more, under its own delivery id", async () => {
    const receiver = await startReceiver(status(204));
    const options = await runContext({ subscribers: [subscriber(receiver.url)] });
    const directory = options.store.directory;
    await Promise.all(records.map((record) => options.store.write(record)));
    // Each attempt is in the journal; the process dies before any request goes out.
    await Promise.all(records.map((record) => options.store.write(startAttempt(record, at))));
    expect(receiver.requests).toHaveLength(0);

    const restarted = { ...options, store: await createDeliveryStore(directory) };
    const summary = await runDeliveries(restarted);
    await restarted.store.close();
    expect(summary.outcomes.delivered).toBe(3);
    expect(receiver.requests.map((request) => request.headers["x-facts-delivery"]).sort()).toEqual(records.map((record) => record.id).sort());
    for (const request of receiver.requests) {
      const record = records.find((candidate) => candidate.id === request.headers["x-facts-delivery"])!;
      expect(request.headers["x-facts-fact-id"]).toBe(record.event.factId);
    }
    const stored = await (await createDeliveryStore(directory)).list();
    expect(stored.map((record) => record.attempts.map((attempt) => `${attempt.number}:${attempt.outcome?.kind}`))).toEqual([
      ["1:interrupted", "1:response"],
      ["1:interrupted", "1:response"],
      ["1:interrupted", "1:response"],
    ]);
  });
});
