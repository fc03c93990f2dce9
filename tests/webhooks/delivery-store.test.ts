import { existsSync } from "node:fs";
import { appendFile, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyAttemptOutcome, startAttempt } from "../../src/webhooks/delivery/deliver.ts";
import { runDeliveries } from "../../src/webhooks/delivery/run-deliveries.ts";
import { createDeliveryStore, type DeliveryStore, JOURNAL_FILE, SNAPSHOT_FILE } from "../../src/webhooks/state/delivery-store.ts";
import { planDeliveries } from "../../src/webhooks/state/plan-deliveries.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { fakeClock, rentCapEvent, runContext, subscriber } from "./helpers/fixtures.ts";
import { startReceiver, status } from "./helpers/receiver.ts";

const DAY = 24 * 60 * 60 * 1000;
const plan = planDeliveries([rentCapEvent, { ...rentCapEvent, factId: "bc.pds" }, { ...rentCapEvent, factId: "bc.hbrp" }], [{ id: "acme" }], {
  changedAt: "2026-11-21T18:30:00.000Z",
  baseUrl: "https://facts.example.org",
  createdAt: new Date("2026-11-22T09:00:00.000Z"),
  domainOf: () => "rental",
});
const records = plan.records;
const [first, second, third] = records as [(typeof records)[0], (typeof records)[0], (typeof records)[0]];
const at = new Date("2026-11-22T09:00:05.000Z");
const clock = () => fakeClock("2026-11-22T09:00:00.000Z");

const open = (directory: string, now = clock().now, retentionDays?: number) =>
  createDeliveryStore(directory, { now, ...(retentionDays === undefined ? {} : { retentionDays }), lockWaitMs: 0 });

/** The planned deliveries, each event stored once. */
const seedStore = async (store: DeliveryStore): Promise<void> => {
  for (const stored of plan.events) await store.addEvent(stored);
  await Promise.all(records.map((record) => store.write(record)));
};

const statuses = async (directory: string): Promise<Record<string, string>> => {
  const store = await open(directory);
  const entries = (await store.list()).map((record) => [record.id, record.status] as const);
  await store.close();
  return Object.fromEntries(entries);
};

/** `record` after one attempt answered `code` at `finishedAt`. */
const answered = (record: (typeof records)[0], code: number, finishedAt: Date) =>
  applyAttemptOutcome(startAttempt(record, finishedAt), { kind: "response", status: code }, finishedAt, () => 0.5);

describe("the delivery store", () => {
  it("replays the journal a killed process left, dropping a torn last line, and compacts it into the snapshot", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    await store.write(startAttempt(first, at));
    // Killed in the middle of the next append: the line is cut short and has no newline.
    await appendFile(path.join(directory, JOURNAL_FILE), JSON.stringify({ delivery: { id: second.id, st: "delivered" } }).slice(0, 30));
    // The killed process's lock is released by the test; a real one is taken over once stale.
    await store.close();
    await appendFile(path.join(directory, JOURNAL_FILE), "");

    expect(await statuses(directory)).toEqual({ [first.id]: "attempted", [second.id]: "pending", [third.id]: "pending" });
    expect(existsSync(path.join(directory, JOURNAL_FILE))).toBe(false);
    const snapshot = JSON.parse(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8"));
    expect(snapshot.format).toBe(2);
    expect(snapshot.deliveries.map((record: { id: string }) => record.id)).toEqual(records.map((record) => record.id).sort());
  });

  it("stores each event once, however many deliveries it has", async () => {
    const directory = await tempDir();
    const many = planDeliveries(
      [rentCapEvent],
      Array.from({ length: 50 }, (_, index) => ({ id: `s${index}` })),
      {
        changedAt: "2026-11-21T18:30:00.000Z",
        baseUrl: "https://facts.example.org",
        createdAt: new Date("2026-11-22T09:00:00.000Z"),
        domainOf: () => "rental",
      },
    );
    const store = await open(directory);
    for (const stored of many.events) await store.addEvent(stored);
    await Promise.all(many.records.map((record) => store.write(record)));
    await store.close();
    const text = await readFile(path.join(directory, SNAPSHOT_FILE), "utf8");
    expect(text.split('"max_increase"')).toHaveLength(1 + 4);
    const snapshot = JSON.parse(text);
    expect(Object.keys(snapshot.events)).toEqual([many.events[0]!.key]);
    expect(snapshot.deliveries).toHaveLength(50);
  });

  it("compacts when the run ends, and a run that changes nothing leaves the folder as it was", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    expect((await readFile(path.join(directory, JOURNAL_FILE), "utf8")).trimEnd().split("\n")).toHaveLength(plan.events.length + records.length);
    await store.close();
    expect((await readdir(directory)).sort()).toEqual([SNAPSHOT_FILE, "disabled", "gone"]);
    const snapshot = await readFile(path.join(directory, SNAPSHOT_FILE), "utf8");

    const idle = await open(directory);
    expect(await idle.has(first.id)).toBe(true);
    await idle.close();
    expect((await readdir(directory)).sort()).toEqual([SNAPSHOT_FILE, "disabled", "gone"]);
    expect(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8")).toBe(snapshot);
  });

  it("replays a journal the snapshot already holds to the same state (killed between the snapshot's rename and the journal's removal)", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    await store.write(startAttempt(first, at));
    const journal = await readFile(path.join(directory, JOURNAL_FILE), "utf8");
    await store.close();
    const before = await readFile(path.join(directory, SNAPSHOT_FILE), "utf8");
    await writeFile(path.join(directory, JOURNAL_FILE), journal);

    expect(await statuses(directory)).toEqual({ [first.id]: "attempted", [second.id]: "pending", [third.id]: "pending" });
    expect(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8")).toBe(before);
  });

  it("finishes a snapshot write a killed process left half done, and refuses, changing nothing, when a torn file is all there is", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    await store.close();
    const snapshotFile = path.join(directory, SNAPSHOT_FILE);
    const complete = await readFile(snapshotFile, "utf8");

    // Killed while writing the next snapshot: the old one stands.
    await writeFile(`${snapshotFile}.next`, complete.slice(0, 40));
    expect(Object.values(await statuses(directory))).toEqual(["pending", "pending", "pending"]);
    expect(existsSync(`${snapshotFile}.next`)).toBe(false);

    // Killed between removing the old snapshot and renaming the new one into place: the new one is promoted.
    await writeFile(`${snapshotFile}.next`, complete.replace('"st":"pending"', '"st":"delivered"'));
    await unlink(snapshotFile);
    expect(Object.values(await statuses(directory)).sort()).toEqual(["delivered", "pending", "pending"]);

    // A torn new snapshot and no old one: refused, both names given, and nothing replaced by an empty state.
    const promoted = await readFile(snapshotFile, "utf8");
    await writeFile(`${snapshotFile}.next`, promoted.slice(0, 100));
    await unlink(snapshotFile);
    await expect(open(directory)).rejects.toThrow(`${snapshotFile}.next is torn and ${snapshotFile} is missing`);
    expect(existsSync(snapshotFile)).toBe(false);
    expect(await readFile(`${snapshotFile}.next`, "utf8")).toBe(promoted.slice(0, 100));

    // A torn snapshot with a leftover temporary file beside it: refused as well; both files stay as they were.
    await writeFile(snapshotFile, promoted.slice(0, 120));
    await writeFile(`${snapshotFile}.next`, promoted);
    await expect(open(directory)).rejects.toThrow(`${snapshotFile} is torn and ${snapshotFile}.next is left beside it`);
    expect(await readFile(snapshotFile, "utf8")).toBe(promoted.slice(0, 120));
    expect(await readFile(`${snapshotFile}.next`, "utf8")).toBe(promoted);
    // And a torn snapshot alone is refused by name, never read as empty.
    await unlink(`${snapshotFile}.next`);
    await expect(open(directory)).rejects.toThrow(`${snapshotFile}: the delivery state is not valid JSON`);
  });

  it("names the file and line of a malformed journal line, and the entry of a malformed snapshot record", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    await store.close();
    await writeFile(path.join(directory, JOURNAL_FILE), `${JSON.stringify({ delivery: { id: first.id, sub: "acme", ev: first.eventKey, st: "lost" } })}\n`);
    const journal = path.join(directory, JOURNAL_FILE);
    await expect(open(directory)).rejects.toThrow(`${journal}:1: the delivery state is malformed: st:`);

    await writeFile(journal, `{"delivery": {"id": "${second.id}", "se\n`);
    await writeFile(journal, `{"delivery": {"id": "${second.id}", "se\n{}\n`);
    await expect(open(directory)).rejects.toThrow(`${journal}:1: the delivery state is not valid JSON`);

    const clean = await tempDir();
    const snapshot = JSON.parse(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8"));
    snapshot.deliveries[1].attempts = "none";
    await writeFile(path.join(clean, SNAPSHOT_FILE), JSON.stringify(snapshot));
    await expect(open(clean)).rejects.toThrow(`${path.join(clean, SNAPSHOT_FILE)}: deliveries[1]: the delivery state is malformed: attempts:`);
  });

  it("reads a version-1 snapshot (each delivery with its own copy of the event) into the new format", async () => {
    const directory = await tempDir();
    const legacy = records.map((record) => {
      const { eventKey: _, ...rest } = record;
      return { ...rest, base: "b".repeat(40), head: "a".repeat(40) };
    });
    await writeFile(path.join(directory, SNAPSHOT_FILE), `{"deliveries": [\n${legacy.map((record) => JSON.stringify(record)).join(",\n")}\n]}\n`);
    const store = await open(directory);
    expect((await store.list()).map((record) => record.eventKey).sort()).toEqual(records.map((record) => record.eventKey).sort());
    await store.write(startAttempt(first, at));
    await store.close();
    const snapshot = JSON.parse(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8"));
    expect(snapshot.format).toBe(2);
    expect(Object.keys(snapshot.events)).toHaveLength(3);
  });

  it("keeps a finished delivery for the retention window, then folds it into its subscriber's summary", async () => {
    const directory = await tempDir();
    const time = clock();
    const store = await open(directory, time.now, 35);
    await seedStore(store);
    await store.write(answered(first, 204, at));
    await store.write(answered(second, 500, at));
    await store.close();
    const bytes = (await readFile(path.join(directory, SNAPSHOT_FILE), "utf8")).length;

    time.advance(34 * DAY);
    expect(Object.keys(await statuses(directory))).toHaveLength(3);

    // Past 35 days: the delivered one is folded; the retrying and the pending ones stay, with the events they use.
    time.advance(2 * DAY);
    const later = await open(directory, time.now, 35);
    await later.close();
    const snapshot = JSON.parse(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8"));
    expect(snapshot.deliveries.map((record: { id: string }) => record.id).sort()).toEqual([second.id, third.id].sort());
    expect(snapshot.subscribers).toEqual([{ id: "acme", folded: { delivered: 1, dead: 0, gone: 0, disabled: 0 }, foldedThrough: at.toISOString() }]);
    expect(Object.keys(snapshot.events).sort()).toEqual([second.eventKey, third.eventKey].sort());
    expect((await readFile(path.join(directory, SNAPSHOT_FILE), "utf8")).length).toBeLessThan(bytes);
  });

  it("keeps only the last attempt of a finished delivery once compacted", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    const retried = answered(first, 500, at);
    await store.write(answered(retried, 204, new Date(at.getTime() + 60_000)));
    await store.close();
    const line = (await readFile(path.join(directory, SNAPSHOT_FILE), "utf8")).split("\n").find((text) => text.includes(first.id))!;
    expect(JSON.parse(line.replace(/,$/, "")).attempts).toEqual([[2, "2026-11-22T09:01:05.000Z", 204]]);
    expect(line.length).toBeLessThan(200);
  });

  it("after a crash between the journal append and the request, sends each delivery once more, under its own delivery id", async () => {
    const receiver = await startReceiver(status(204));
    const options = await runContext({ subscribers: [subscriber(receiver.url)] });
    const directory = options.store.directory;
    await seedStore(options.store);
    // Each attempt is in the journal; the process dies before any request goes out.
    await Promise.all(records.map((record) => options.store.write(startAttempt(record, at))));
    expect(receiver.requests).toHaveLength(0);
    const journal = await readFile(path.join(directory, JOURNAL_FILE), "utf8");
    await options.store.close();
    await writeFile(path.join(directory, JOURNAL_FILE), journal);

    const restarted = { ...options, store: await open(directory) };
    const summary = await runDeliveries(restarted);
    const stored = await restarted.store.list();
    await restarted.store.close();
    expect(summary.outcomes.delivered).toBe(3);
    expect(receiver.requests.map((request) => request.headers["x-facts-delivery"]).sort()).toEqual(records.map((record) => record.id).sort());
    for (const request of receiver.requests) {
      const record = records.find((candidate) => candidate.id === request.headers["x-facts-delivery"])!;
      expect(request.headers["x-facts-fact-id"]).toBe(record.event.factId);
    }
    expect(stored.map((record) => record.attempts.map((attempt) => `${attempt.number}:${attempt.outcome?.kind}`))).toEqual([
      ["1:interrupted", "1:response"],
      ["1:interrupted", "1:response"],
      ["1:interrupted", "1:response"],
    ]);
  });
});
