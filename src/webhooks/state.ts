import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";
import { z } from "zod";
import { parseJsonText, readJsonFileSync, removeLeftoverTemporaries, writeFileAtomic } from "../lib/json-file.ts";
import { compareText } from "../lib/text.ts";
import { AbsoluteUrl, IsoDateTime } from "../schemas/index.ts";
import { FactUpdatedEvent } from "./events.ts";
import { SubscriberId } from "./subscribers.ts";

/**
 * The durable delivery state under FACTS_WEBHOOK_STATE: what a delivery is, how it is stored (a snapshot and a
 * journal, read through their zod schemas), the lock that keeps two commands from writing it at once, and the store
 * the dispatcher writes every attempt to before it is sent.
 */
/**
 * The delivery states of docs/consumers/api.md#delivery-states-and-retries, among them `pending` (planned, not yet
 * attempted), `gone` (the receiver answered 410 Gone, or an earlier delivery to the same subscriber did) and `disabled`
 * (not sent: every delivery to the subscriber had failed for five days, and it is disabled until its marker is
 * removed).
 */
export const DELIVERY_STATUSES = ["pending", "attempted", "retrying", "delivered", "dead", "gone", "disabled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What one attempt came to. `interrupted` marks an attempt the process did not live to finish. */
export const AttemptOutcome = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("response"),
    status: z.int().min(100).max(999),
    retryAfterSeconds: z.number().min(0).optional(),
  }),
  z.object({ kind: z.literal("timeout"), message: z.string() }),
  z.object({ kind: z.literal("error"), message: z.string() }),
  z.object({ kind: z.literal("refused"), message: z.string(), permanent: z.boolean() }),
  z.object({ kind: z.literal("interrupted"), message: z.string() }),
]);
export type AttemptOutcome = z.infer<typeof AttemptOutcome>;

/** One attempt. A finished delivery keeps only its last attempt, without its start, once the state is compacted. */
export const Attempt = z.object({
  number: z.int().min(1),
  startedAt: IsoDateTime.optional(),
  finishedAt: IsoDateTime.optional(),
  outcome: AttemptOutcome.optional(),
});
export type Attempt = z.infer<typeof Attempt>;

/**
 * One delivery: one change for one subscriber. In memory it holds the change's event (the same object for every
 * subscriber's delivery of it); the state stores the event once, under `eventKey`, and neither the subscriber's
 * secret nor its URL.
 */
export const DeliveryRecord = z.object({
  id: z.uuid(),
  subscriber: SubscriberId,
  eventKey: z.string().regex(/^[0-9a-f]{12,64}$/),
  event: FactUpdatedEvent,
  /** When the change was committed: the body's `startTime`. */
  changedAt: IsoDateTime,
  baseUrl: AbsoluteUrl,
  status: z.enum(DELIVERY_STATUSES),
  createdAt: IsoDateTime,
  attempts: z.array(Attempt),
  nextAttemptAt: IsoDateTime.nullable(),
  /** Why the delivery is dead, gone or disabled. */
  reason: z.string().optional(),
  deadNoticeSentAt: IsoDateTime.optional(),
  /** When `webhooks redeliver` last asked for it again: the retry schedule counts attempts from then. */
  redeliveredAt: IsoDateTime.optional(),
});
export type DeliveryRecord = z.infer<typeof DeliveryRecord>;

/** The statuses after which nothing more is sent, unless the delivery is redelivered. */
export const FINISHED_STATUSES: ReadonlySet<DeliveryStatus> = new Set(["delivered", "dead", "gone", "disabled"]);

/**
 * The format of the delivery state on disk, version 3 (documented in docs/operators/state-branch.md),
 * `deliveries.json`:
 *
 * - `events`: each change once, by its key: the event, when it was committed and the base URL of its links;
 * - `subscribers`: per subscriber, the deliveries folded out of the state after the retention window (counts by
 *   status, and the last one's time) and, while its deliveries keep failing, when the failures began;
 * - `deliveries`: one line per delivery in id order, a delivery record without its event (which is under
 *   `eventKey`). An open delivery keeps every attempt; a finished one keeps only its last, without its start.
 *
 * The journal beside it holds one JSON object per line, each `{"event": …}`, `{"delivery": …}` or
 * `{"subscriber": …}` in the same encoding; the last line of an id wins.
 */
export const STATE_FORMAT = 3;

/** One change as stored once in the state, whatever the number of its deliveries. */
export const StoredEvent = z.object({
  key: z.string(),
  event: FactUpdatedEvent,
  changedAt: IsoDateTime,
  baseUrl: AbsoluteUrl,
});
export type StoredEvent = z.infer<typeof StoredEvent>;

/** What the state keeps about a subscriber beyond its deliveries. */
export const SubscriberSummary = z.object({
  id: z.string(),
  /** Deliveries folded out of the state after the retention window, by the status they ended in. */
  folded: z.object({ delivered: z.int(), dead: z.int(), gone: z.int(), disabled: z.int() }),
  /** When the last folded delivery finished. */
  foldedThrough: IsoDateTime.optional(),
  /** The first failed attempt since the subscriber's last successful delivery; absent while deliveries succeed. */
  failingSince: IsoDateTime.optional(),
});
export type SubscriberSummary = z.infer<typeof SubscriberSummary>;

export const emptySummary = (id: string): SubscriberSummary => ({
  id,
  folded: { delivered: 0, dead: 0, gone: 0, disabled: 0 },
});

/** A delivery as the state stores it: the record without its event, which is stored once under `eventKey`. */
const StoredDelivery = DeliveryRecord.omit({ event: true, changedAt: true, baseUrl: true });
type StoredDelivery = z.infer<typeof StoredDelivery>;

const isFinishedForGood = (record: DeliveryRecord): boolean =>
  FINISHED_STATUSES.has(record.status) && !(record.status === "dead" && record.deadNoticeSentAt === undefined);

/**
 * One delivery as stored. `compact` keeps only the last attempt of a finished delivery, without its start, which is
 * all a reader needs once nothing more will be sent (and a dead delivery keeps everything until its notice is sent).
 */
const storedDelivery = (record: DeliveryRecord, compact: boolean): StoredDelivery => {
  const shorten = compact && isFinishedForGood(record);
  return {
    id: record.id,
    subscriber: record.subscriber,
    eventKey: record.eventKey,
    status: record.status,
    createdAt: record.createdAt,
    nextAttemptAt: record.nextAttemptAt,
    attempts: shorten ? record.attempts.slice(-1).map(({ startedAt: _, ...attempt }) => attempt) : record.attempts,
    ...(record.reason === undefined ? {} : { reason: record.reason }),
    ...(record.deadNoticeSentAt === undefined ? {} : { deadNoticeSentAt: record.deadNoticeSentAt }),
    ...(record.redeliveredAt === undefined ? {} : { redeliveredAt: record.redeliveredAt }),
  };
};

/**
 * A delivery as format 2 stored it, the format before this one: the same fields under short names (`sub`, `ev`, `st`,
 * `created`, `next`, `notice`, `redelivered`), each attempt as `[number, startedAt, finishedAt, outcome]` (a finished
 * delivery's last as `[number, finishedAt, outcome]`), and an outcome that is a bare HTTP status as the number. A
 * state branch written by an earlier version is read through it and written back in format 3 by the first command
 * that runs, so no delivery is lost in the upgrade.
 */
const fromFormat2 = (value: unknown): unknown => {
  if (typeof value !== "object" || value === null || !("sub" in value)) return value;
  const row = value as Record<string, unknown>;
  const outcome = (encoded: unknown) =>
    typeof encoded === "number" ? { kind: "response", status: encoded } : (encoded ?? undefined);
  const attempts = Array.isArray(row.attempts)
    ? row.attempts.map((entry: unknown) => {
        if (!Array.isArray(entry)) return entry;
        const [number, startedAt, finishedAt, encoded] =
          entry.length === 3 ? [entry[0], null, entry[1], entry[2]] : entry;
        return {
          number,
          ...(startedAt === null ? {} : { startedAt }),
          ...(finishedAt === null ? {} : { finishedAt }),
          ...(outcome(encoded) === undefined ? {} : { outcome: outcome(encoded) }),
        };
      })
    : row.attempts;
  return {
    id: row.id,
    subscriber: row.sub,
    eventKey: row.ev,
    status: row.st,
    createdAt: row.created,
    nextAttemptAt: row.next ?? null,
    attempts,
    ...(row.reason === undefined ? {} : { reason: row.reason }),
    ...(row.notice === undefined ? {} : { deadNoticeSentAt: row.notice }),
    ...(row.redelivered === undefined ? {} : { redeliveredAt: row.redelivered }),
  };
};
/** A stored delivery in this format or in format 2, checked against this format's schema once converted. */
const ReadDelivery = z.preprocess(fromFormat2, StoredDelivery);

/** The snapshot file, read through this schema by readJsonFileSync: a torn or malformed file is refused by name. */
const StateDocument = z.discriminatedUnion(
  "format",
  [
    z.object({
      format: z.literal(STATE_FORMAT),
      events: z.record(z.string(), StoredEvent.omit({ key: true })),
      subscribers: z.array(SubscriberSummary),
      deliveries: z.array(StoredDelivery),
    }),
    z.object({
      format: z.literal(2),
      events: z.record(z.string(), StoredEvent.omit({ key: true })),
      subscribers: z.array(SubscriberSummary),
      deliveries: z.array(ReadDelivery),
    }),
  ],
  { error: `must be ${STATE_FORMAT}, or 2, the state formats this version reads` },
);

/** One journal line: exactly one of the three kinds of change (a delivery in this format or in format 2). */
const JournalLine = z
  .object({
    event: StoredEvent.optional(),
    delivery: ReadDelivery.optional(),
    subscriber: SubscriberSummary.optional(),
  })
  .refine((line) => [line.event, line.delivery, line.subscriber].filter((part) => part !== undefined).length === 1, {
    error: "not an event, delivery or subscriber line",
  });

export interface StateContents {
  events: Map<string, StoredEvent>;
  subscribers: Map<string, SubscriberSummary>;
  deliveries: Map<string, DeliveryRecord>;
}

/** A stored delivery with its event; every delivery of one change shares the stored event object. */
const withEvent = (stored: StoredDelivery, events: ReadonlyMap<string, StoredEvent>, where: string): DeliveryRecord => {
  const event = events.get(stored.eventKey);
  if (!event)
    throw new Error(`${where}: delivery ${stored.id} names event ${stored.eventKey}, which is not in the state`);
  return { ...stored, event: event.event, changedAt: event.changedAt, baseUrl: event.baseUrl };
};

/** The snapshot's contents, or an empty state when there is no snapshot yet. */
const readSnapshot = (file: string): StateContents & { format?: number } => {
  const state: StateContents = { events: new Map(), subscribers: new Map(), deliveries: new Map() };
  const document = readJsonFileSync(file, StateDocument, { absentAllowed: true });
  if (document === undefined) return state;
  const read: StateContents & { format?: number } = { ...state, format: document.format };
  for (const [key, value] of Object.entries(document.events)) state.events.set(key, { key, ...value });
  for (const summary of document.subscribers) state.subscribers.set(summary.id, summary);
  document.deliveries.forEach((stored, index) => {
    state.deliveries.set(stored.id, withEvent(stored, state.events, `${file} (at /deliveries/${index})`));
  });
  return read;
};

/**
 * The snapshot: one JSON document, one event, subscriber or delivery per line, each section in key order, so the
 * state branch stays one readable file whose commits change only the lines that moved.
 */
export const renderSnapshot = (state: StateContents): string => {
  const events = [...state.events.values()]
    .sort((a, b) => compareText(a.key, b.key))
    .map(({ key, ...stored }) => `${JSON.stringify(key)}: ${JSON.stringify(stored)}`);
  const subscribers = [...state.subscribers.values()]
    .sort((a, b) => compareText(a.id, b.id))
    .map((summary) => JSON.stringify(summary));
  const deliveries = [...state.deliveries.values()]
    .sort((a, b) => compareText(a.id, b.id))
    .map((record) => JSON.stringify(storedDelivery(record, true)));
  const block = (lines: string[]) => (lines.length === 0 ? "" : `\n${lines.join(",\n")}\n`);
  return `{"format": ${STATE_FORMAT},\n"events": {${block(events)}},\n"subscribers": [${block(subscribers)}],\n"deliveries": [${block(deliveries)}]}\n`;
};

/** A journal line for each kind of change. */
export const journalLine = {
  event: (stored: StoredEvent): string => JSON.stringify({ event: stored }),
  delivery: (record: DeliveryRecord): string => JSON.stringify({ delivery: storedDelivery(record, false) }),
  subscriber: (summary: SubscriberSummary): string => JSON.stringify({ subscriber: summary }),
};

/**
 * Applies the journal's lines over `state`, in order. A last line without its newline is the tail of a write the
 * process did not live to finish: nobody was told it was written, so it is dropped. Anything else unreadable is an
 * error naming the file and line.
 */
export const replayJournal = (state: StateContents, text: string, file: string): void => {
  const lines = text.split("\n");
  lines.pop();
  lines.forEach((text, index) => {
    if (text === "") return;
    const where = `${file}:${index + 1}`;
    const line = parseJsonText(text, JournalLine, where);
    if (line.event) state.events.set(line.event.key, line.event);
    else if (line.delivery) state.deliveries.set(line.delivery.id, withEvent(line.delivery, state.events, where));
    else if (line.subscriber) state.subscribers.set(line.subscriber.id, line.subscriber);
  });
};

/**
 * Folds every delivery that finished before `cutoff` into its subscriber's summary and removes it, then removes the
 * events no delivery refers to any more. A dead delivery whose notice is not sent yet is kept until it is.
 */
export const foldFinished = (state: StateContents, cutoff: string): number => {
  let folded = 0;
  for (const record of state.deliveries.values()) {
    if (!isFinishedForGood(record)) continue;
    const finishedAt = record.attempts.at(-1)?.finishedAt ?? record.createdAt;
    if (finishedAt >= cutoff) continue;
    const summary = state.subscribers.get(record.subscriber) ?? emptySummary(record.subscriber);
    const status = record.status as keyof SubscriberSummary["folded"];
    state.subscribers.set(record.subscriber, {
      ...summary,
      folded: { ...summary.folded, [status]: summary.folded[status] + 1 },
      foldedThrough: summary.foldedThrough && summary.foldedThrough > finishedAt ? summary.foldedThrough : finishedAt,
    });
    state.deliveries.delete(record.id);
    folded++;
  }
  const referenced = new Set([...state.deliveries.values()].map((record) => record.eventKey));
  for (const key of state.events.keys()) if (!referenced.has(key)) state.events.delete(key);
  return folded;
};

export interface Journal {
  /** Appends one line; resolves once it is written, together with every line appended in the same tick. */
  append(line: string): Promise<void>;
  /** Resolves once every line appended so far is written. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An append-only file of lines with group commit: every line appended while the event loop runs one round of
 * callbacks (the deliveries whose answers came in together) goes to the file in a single `write`, at `setImmediate`.
 *
 * Durability: a line is acknowledged once `write(2)` has returned, so it is in the kernel's page cache and survives
 * the process being killed at any point (SIGKILL, OOM, a cancelled job), as the rename-based files before it did.
 * There is no fsync: the state folder lives on a CI runner's disk that only outlives the job by being pushed to
 * the state branch, so a machine that loses power loses the folder whether or not it was synced, and an fdatasync
 * per batch (0.4 to 0.9 ms on this disk) would stand between every attempt and its request.
 * The write is synchronous on purpose: an append to the page cache costs microseconds, less than a round trip
 * through the thread pool, and it lands before any callback that could start an attempt runs.
 */
export const openJournal = (file: string): Journal => {
  const fd = openSync(file, "a");
  let pending: string[] = [];
  // Every line appended in one turn of the event loop waits on the same promise: one write, one settlement.
  let batch: PromiseWithResolvers<void> | undefined;
  let failure: unknown;
  let closed = false;

  const writeBatch = (): void => {
    const lines = pending;
    const waiting = batch;
    pending = [];
    batch = undefined;
    if (!waiting) return;
    try {
      if (failure !== undefined) throw failure;
      writeSync(fd, lines.join(""));
    } catch (error: unknown) {
      // A journal that failed once may hold a torn tail: nothing more is appended after it.
      failure = error;
      waiting.reject(error);
      return;
    }
    waiting.resolve();
  };

  const append = (line: string): Promise<void> => {
    if (closed) return Promise.reject(new Error(`${file}: the journal is closed`));
    if (failure !== undefined) return Promise.reject(failure);
    pending.push(`${line}\n`);
    if (!batch) {
      batch = Promise.withResolvers<void>();
      setImmediate(writeBatch);
    }
    return batch.promise;
  };

  const flush = async (): Promise<void> => {
    if (batch) {
      const waiting = batch.promise;
      writeBatch();
      await waiting;
    }
    if (failure !== undefined) throw failure;
  };

  return {
    append,
    flush,
    close: async () => {
      if (closed) return;
      try {
        await flush();
      } finally {
        closed = true;
        closeSync(fd);
      }
    },
  };
};

/** The lock's name inside the state folder: a directory, made atomically, that git does not track. */
export const LOCK_NAME = "lock";

/** A lock not refreshed for this long belongs to a process that died (a kill -9, a cancelled job): it is taken over. */
const STALE_MS = 20_000;
const POLL_MS = 250;

/**
 * Takes the state folder's lock (making the folder if it is missing), waiting up to `waitMs` for a command that holds
 * it, and returns its release. A second command never writes beside the first: it waits, then refuses with a message
 * saying what to do. The holder refreshes the lock while it runs; one that died stops refreshing, and after STALE_MS it
 * is taken over.
 */
export const lockStateFolder = async (directory: string, waitMs: number): Promise<() => Promise<void>> => {
  await mkdir(directory, { recursive: true });
  const lockPath = path.join(directory, LOCK_NAME);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await lockfile.lock(directory, {
        lockfilePath: lockPath,
        realpath: false,
        stale: STALE_MS,
        update: STALE_MS / 4,
        retries: 0,
      });
    } catch (error: unknown) {
      if ((error as { code?: unknown }).code !== "ELOCKED") throw error;
      if (Date.now() >= deadline) {
        throw new Error(
          `${directory} is locked by another webhooks command (${lockPath}); waited ${Math.round(waitMs / 1000)} s. ` +
            "Run this command again once it has finished (FACTS_WEBHOOK_LOCK_WAIT_SECONDS sets the wait); a lock left by a killed process is taken over after 20 s",
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
    }
  }
};

/** Written when a subscriber's receiver answers 410 Gone; while it exists, nothing more is sent to that subscriber. */
export const GoneMark = z.object({ subscriber: z.string(), since: IsoDateTime, delivery: z.uuid() });
export type GoneMark = z.infer<typeof GoneMark>;

/**
 * Written when every delivery to a subscriber has failed for five days; while it exists, nothing is sent to it.
 * `emailedAt` records the one email that says so.
 */
export const DisabledMark = z.object({
  subscriber: z.string(),
  since: IsoDateTime,
  failingSince: IsoDateTime,
  reason: z.string(),
  emailedAt: IsoDateTime.optional(),
});
export type DisabledMark = z.infer<typeof DisabledMark>;

/** Every delivery, event and subscriber summary as of the last compaction. */
export const SNAPSHOT_FILE = "deliveries.json";
/** Every change since the snapshot, one line each, in the order they were made. */
export const JOURNAL_FILE = "journal.ndjson";
export const GONE_FOLDER = "gone";
export const DISABLED_FOLDER = "disabled";

/** How long a finished delivery stays in the state before it is folded into its subscriber's summary. */
export const DEFAULT_RETENTION_DAYS = 35;
/** How long a command waits for another that holds the state folder. */
export const DEFAULT_LOCK_WAIT_SECONDS = 60;

export interface StoreOptions {
  now: () => Date;
  retentionDays?: number;
  lockWaitMs?: number;
}

export interface DeliveryStore {
  directory: string;
  has(id: string): Promise<boolean>;
  get(id: string): DeliveryRecord | undefined;
  list(): Promise<DeliveryRecord[]>;
  event(key: string): StoredEvent | undefined;
  /** Stores a change once; a change already stored is left as it is. */
  addEvent(stored: StoredEvent): Promise<void>;
  /**
   * Resolves once the change is in the journal, where a killed process cannot lose it. Records are values: pass
   * a new object for a new state (as the transitions do), never the same one changed in place.
   */
  write(record: DeliveryRecord): Promise<void>;
  summary(subscriber: string): SubscriberSummary;
  writeSummary(summary: SubscriberSummary): Promise<void>;
  goneSubscribers(): Promise<Map<string, GoneMark>>;
  markGone(mark: GoneMark): Promise<void>;
  disabledSubscribers(): Promise<Map<string, DisabledMark>>;
  markDisabled(mark: DisabledMark): Promise<void>;
  /** Folds what the retention window lets go, writes the snapshot, removes the journal and releases the lock. */
  close(): Promise<void>;
}

const readMarks = <Mark extends { subscriber: string }>(folder: string, schema: z.ZodType<Mark>): Map<string, Mark> =>
  new Map(
    readdirSync(folder)
      .filter((entry) => entry.endsWith(".json"))
      .sort()
      .map((name) => readJsonFileSync(path.join(folder, name), schema))
      .map((mark) => [mark.subscriber, mark]),
  );

/**
 * The durable delivery state under FACTS_WEBHOOK_STATE (format above): `deliveries.json` (the snapshot),
 * `journal.ndjson` (a write-ahead log of every change since), `gone/<subscriber>.json` and
 * `disabled/<subscriber>.json`. The folder is locked from opening to closing. Opening replays the journal over the
 * snapshot and, when there was a journal, compacts both into a new snapshot (writeFileAtomic: the whole new file is
 * renamed over the old one, so a kill leaves one or the other, never a torn file), then removes the journal: a crash
 * between the two replays the same lines again, to the same result. Closing folds the deliveries
 * the retention window lets go and compacts again, so between runs the state branch holds one snapshot.
 */
export const createDeliveryStore = async (directory: string, options: StoreOptions): Promise<DeliveryStore> => {
  const release = await lockStateFolder(directory, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_SECONDS * 1000);
  try {
    return await openLockedStore(directory, options, release);
  } catch (error: unknown) {
    await release();
    throw error;
  }
};

const openLockedStore = async (
  directory: string,
  options: StoreOptions,
  release: () => Promise<void>,
): Promise<DeliveryStore> => {
  const gone = path.join(directory, GONE_FOLDER);
  const disabled = path.join(directory, DISABLED_FOLDER);
  const snapshotFile = path.join(directory, SNAPSHOT_FILE);
  const journalFile = path.join(directory, JOURNAL_FILE);
  await mkdir(gone, { recursive: true });
  await mkdir(disabled, { recursive: true });

  // A snapshot write killed before its rename leaves its temporary file: the snapshot it was to replace and the
  // journal still hold everything, so the leftover is removed rather than carried to the state branch.
  removeLeftoverTemporaries(snapshotFile);
  const { format, ...state } = readSnapshot(snapshotFile);
  const hadJournal = existsSync(journalFile);
  if (hadJournal) replayJournal(state, readFileSync(journalFile, "utf8"), journalFile);
  const retentionMs = (options.retentionDays ?? DEFAULT_RETENTION_DAYS) * 24 * 60 * 60 * 1000;
  const compact = (): void => {
    writeFileAtomic(snapshotFile, renderSnapshot(state));
    rmSync(journalFile, { force: true });
  };
  // A journal is folded in at once; a snapshot of the format before is written again in this one at once, so the
  // state branch holds format 3 after the first command of this version, whatever it does.
  if (hadJournal || (format !== undefined && format !== STATE_FORMAT)) compact();
  // Opened at the first change, so a run that changes nothing leaves the folder as it found it.
  let journal: Journal | undefined;
  let changed = false;
  let closed = false;
  const append = (line: string): Promise<void> => {
    changed = true;
    journal ??= openJournal(journalFile);
    return journal.append(line);
  };

  return {
    directory,
    has: async (id) => state.deliveries.has(id),
    get: (id) => state.deliveries.get(id),
    list: async () => [...state.deliveries.values()].sort((a, b) => compareText(a.id, b.id)),
    event: (key) => state.events.get(key),
    addEvent: async (stored) => {
      if (state.events.has(stored.key)) return;
      state.events.set(stored.key, stored);
      await append(journalLine.event(stored));
    },
    write: (record) => {
      if (!state.events.has(record.eventKey)) {
        return Promise.reject(
          new Error(`delivery ${record.id}: its event ${record.eventKey} is not in the state (addEvent first)`),
        );
      }
      state.deliveries.set(record.id, record);
      return append(journalLine.delivery(record));
    },
    summary: (subscriber) => state.subscribers.get(subscriber) ?? emptySummary(subscriber),
    writeSummary: (summary) => {
      state.subscribers.set(summary.id, summary);
      return append(journalLine.subscriber(summary));
    },
    goneSubscribers: async () => readMarks(gone, GoneMark),
    markGone: async (mark) =>
      writeFileAtomic(path.join(gone, `${mark.subscriber}.json`), `${JSON.stringify(mark, null, 2)}\n`),
    disabledSubscribers: async () => readMarks(disabled, DisabledMark),
    markDisabled: async (mark) =>
      writeFileAtomic(path.join(disabled, `${mark.subscriber}.json`), `${JSON.stringify(mark, null, 2)}\n`),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        if (journal) await journal.close();
        journal = undefined;
        // Folding may remove deliveries even in a run that sent nothing: a new snapshot is written when either happens.
        const folded = foldFinished(state, new Date(options.now().getTime() - retentionMs).toISOString());
        if (changed || folded > 0) compact();
      } finally {
        await release();
      }
    },
  };
};
