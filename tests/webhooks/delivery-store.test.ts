import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyAttemptOutcome, startAttempt } from "../../src/webhooks/delivery.ts";
import { planDeliveries } from "../../src/webhooks/dispatch.ts";
import { runDeliveries } from "../../src/webhooks/run-deliveries.ts";
import {
  createDeliveryStore,
  type DeliveryStore,
  JOURNAL_FILE,
  journalLine,
  SNAPSHOT_FILE,
} from "../../src/webhooks/state.ts";
import { LIMITS } from "../helpers/limits.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { fakeClock, rentCapEvent, runContext, subscriber } from "./helpers/fixtures.ts";
import { startReceiver, status } from "./helpers/receiver.ts";

const DAY = 24 * 60 * 60 * 1000;
const plan = planDeliveries(
  [rentCapEvent, { ...rentCapEvent, factId: "bc.pds" }, { ...rentCapEvent, factId: "bc.hbrp" }],
  [{ id: "acme" }],
  {
    changedAt: "2026-11-21T18:30:00.000Z",
    baseUrl: "https://facts.example.org",
    createdAt: new Date("2026-11-22T09:00:00.000Z"),
    domainOf: () => "rental",
  },
);
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
    await appendFile(
      path.join(directory, JOURNAL_FILE),
      JSON.stringify({ delivery: { id: second.id, st: "delivered" } }).slice(0, 30),
    );
    // The killed process's lock is released by the test; a real one is taken over once stale.
    await store.close();
    await appendFile(path.join(directory, JOURNAL_FILE), "");

    expect(await statuses(directory)).toEqual({
      [first.id]: "attempted",
      [second.id]: "pending",
      [third.id]: "pending",
    });
    expect(existsSync(path.join(directory, JOURNAL_FILE))).toBe(false);
    const snapshot = JSON.parse(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8"));
    expect(snapshot.format).toBe(3);
    expect(snapshot.deliveries.map((record: { id: string }) => record.id)).toEqual(
      records.map((record) => record.id).sort(),
    );
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
    expect((await readFile(path.join(directory, JOURNAL_FILE), "utf8")).trimEnd().split("\n")).toHaveLength(
      plan.events.length + records.length,
    );
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

    expect(await statuses(directory)).toEqual({
      [first.id]: "attempted",
      [second.id]: "pending",
      [third.id]: "pending",
    });
    expect(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8")).toBe(before);
  });

  it("leaves the old snapshot or the new one whole when killed while writing it, and refuses a torn snapshot by name, changing nothing", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    await store.close();
    const snapshotFile = path.join(directory, SNAPSHOT_FILE);
    const complete = await readFile(snapshotFile, "utf8");

    // A process killed with SIGKILL in the middle of compacting a large state: the snapshot is the old one or the new
    // one.
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { writeFileAtomic } from ${JSON.stringify(path.join(PROJECT_ROOT, "src/lib/json-file.ts"))};
         const text = ${JSON.stringify(complete.replace('"status":"pending"', '"status":"delivered"'))};
         for (;;) writeFileAtomic(${JSON.stringify(snapshotFile)}, text + " ".repeat(4 * 1024 * 1024) + "\\n");`,
      ],
      { stdio: "ignore" },
    );
    // Killed once it is writing: its temporary file is there.
    await expect
      .poll(async () => (await readdir(directory)).some((name) => name.startsWith(`${SNAPSHOT_FILE}.next-`)), {
        timeout: LIMITS.wait,
        interval: 5,
      })
      .toBe(true);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.on("exit", resolve));
    const after = await readFile(snapshotFile, "utf8");
    expect([
      complete,
      `${complete.replace('"status":"pending"', '"status":"delivered"')}${" ".repeat(4 * 1024 * 1024)}\n`,
    ]).toContain(after);
    // The next command reads the whole snapshot and removes the killed write's temporary file, if it was left.
    expect(Object.keys(await statuses(directory))).toHaveLength(3);
    expect((await readdir(directory)).filter((name) => name.startsWith(`${SNAPSHOT_FILE}.next-`))).toEqual([]);

    // A torn snapshot (a copy cut short by hand, a disk that filled up) is refused by name, never read as an empty
    // state, and left as it was; the journal beside it is left too, so nothing is lost.
    const journal = path.join(directory, JOURNAL_FILE);
    await writeFile(snapshotFile, complete.slice(0, 120));
    await writeFile(
      journal,
      `${journalLine.subscriber({ id: "acme", folded: { delivered: 0, dead: 0, gone: 0, disabled: 0 } })}\n`,
    );
    await expect(open(directory)).rejects.toThrow(`${snapshotFile}: not JSON`);
    expect(await readFile(snapshotFile, "utf8")).toBe(complete.slice(0, 120));
    expect(existsSync(journal)).toBe(true);
    await unlink(journal);
    await writeFile(snapshotFile, complete);
    expect(Object.values(await statuses(directory))).toEqual(["pending", "pending", "pending"]);
  });

  it("names the file and line of a malformed journal line, and the entry of a malformed snapshot record", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    await store.close();
    await writeFile(
      path.join(directory, JOURNAL_FILE),
      `${journalLine.delivery({ ...first, status: "lost" as "pending" })}\n`,
    );
    const journal = path.join(directory, JOURNAL_FILE);
    await expect(open(directory)).rejects.toThrow(new RegExp(`^${journal}:1: .*\\(at /delivery/status\\)$`));

    await writeFile(journal, `{"delivery": {"id": "${second.id}", "se\n`);
    await writeFile(journal, `{"delivery": {"id": "${second.id}", "se\n{}\n`);
    await expect(open(directory)).rejects.toThrow(`${journal}:1: not JSON`);

    const clean = await tempDir();
    const snapshot = JSON.parse(await readFile(path.join(directory, SNAPSHOT_FILE), "utf8"));
    snapshot.deliveries[1].attempts = "none";
    await writeFile(path.join(clean, SNAPSHOT_FILE), JSON.stringify(snapshot));
    await expect(open(clean)).rejects.toThrow(
      new RegExp(`^${path.join(clean, SNAPSHOT_FILE)}: .*\\(at /deliveries/1/attempts\\)$`),
    );
  });

  it("refuses a snapshot of another format by name, leaving it as it is", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    await store.close();
    const snapshotFile = path.join(directory, SNAPSHOT_FILE);
    const older = (await readFile(snapshotFile, "utf8")).replace('{"format": 3,', '{"format": 1,');
    await writeFile(snapshotFile, older);
    await expect(open(directory)).rejects.toThrow(
      `${snapshotFile}: must be 3, or 2, the state formats this version reads (at /format)`,
    );
    expect(await readFile(snapshotFile, "utf8")).toBe(older);
  });

  it("reads a snapshot and journal of format 2, the short-key format before, and writes them back in format 3", async () => {
    const directory = await tempDir();
    const store = await open(directory);
    await seedStore(store);
    await store.write(answered(first, 204, at));
    await store.close();
    const before = await statuses(directory);
    const snapshotFile = path.join(directory, SNAPSHOT_FILE);
    const current = JSON.parse(await readFile(snapshotFile, "utf8"));
    // Format 2 as the earlier version wrote it: short names, attempts as arrays, a bare status as its number.
    const format2 = (delivery: Record<string, unknown>) => ({
      id: delivery.id,
      sub: delivery.subscriber,
      ev: delivery.eventKey,
      st: delivery.status,
      created: delivery.createdAt,
      ...(delivery.nextAttemptAt === null ? {} : { next: delivery.nextAttemptAt }),
      attempts: (
        delivery.attempts as {
          number: number;
          startedAt?: string;
          finishedAt?: string;
          outcome?: { kind: string; status?: number };
        }[]
      ).map((attempt) => {
        const outcome = attempt.outcome?.kind === "response" ? attempt.outcome.status : (attempt.outcome ?? null);
        return attempt.startedAt === undefined
          ? [attempt.number, attempt.finishedAt ?? null, outcome]
          : [attempt.number, attempt.startedAt, attempt.finishedAt ?? null, outcome];
      }),
    });
    const [kept, ...rest] = current.deliveries as Record<string, unknown>[];
    await writeFile(snapshotFile, JSON.stringify({ ...current, format: 2, deliveries: rest.map(format2) }));
    await writeFile(path.join(directory, JOURNAL_FILE), `${JSON.stringify({ delivery: format2(kept!) })}\n`);

    expect(await statuses(directory)).toEqual(before);
    // Opening it was enough to write it again in format 3.
    expect(JSON.parse(await readFile(snapshotFile, "utf8")).format).toBe(3);
    const reopened = await open(directory);
    expect((await reopened.list()).find((record) => record.id === first.id)?.attempts.at(-1)?.outcome).toEqual({
      kind: "response",
      status: 204,
    });
    await reopened.close();
    expect(JSON.parse(await readFile(snapshotFile, "utf8"))).toEqual(current);
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
    expect(snapshot.subscribers).toEqual([
      { id: "acme", folded: { delivered: 1, dead: 0, gone: 0, disabled: 0 }, foldedThrough: at.toISOString() },
    ]);
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
    const line = (await readFile(path.join(directory, SNAPSHOT_FILE), "utf8"))
      .split("\n")
      .find((text) => text.includes(first.id))!;
    expect(JSON.parse(line.replace(/,$/, "")).attempts).toEqual([
      { number: 2, finishedAt: "2026-11-22T09:01:05.000Z", outcome: { kind: "response", status: 204 } },
    ]);
    expect(line.length).toBeLessThanOrEqual(400);
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
    expect(receiver.requests.map((request) => request.headers["x-facts-delivery"]).sort()).toEqual(
      records.map((record) => record.id).sort(),
    );
    for (const request of receiver.requests) {
      const record = records.find((candidate) => candidate.id === request.headers["x-facts-delivery"])!;
      expect(request.headers["x-facts-fact-id"]).toBe(record.event.factId);
    }
    expect(
      stored.map((record) => record.attempts.map((attempt) => `${attempt.number}:${attempt.outcome?.kind}`)),
    ).toEqual([
      ["1:interrupted", "1:response"],
      ["1:interrupted", "1:response"],
      ["1:interrupted", "1:response"],
    ]);
  });
});
