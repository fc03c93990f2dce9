import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../../lib/json-file.ts";
import { compareText } from "../../lib/text.ts";
import { IsoDateTime } from "../../schemas/index.ts";
import type { DeliveryRecord } from "./delivery-record.ts";
import { type Journal, openJournal } from "./journal.ts";
import { recoverAtomicWrites } from "./recover-atomic-writes.ts";
import {
  emptySummary,
  foldFinished,
  journalLine,
  readSnapshot,
  renderSnapshot,
  replayJournal,
  type StateContents,
  type StoredEvent,
  type SubscriberSummary,
} from "./state-file.ts";
import { lockStateFolder } from "./state-lock.ts";

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

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const readMarks = <Mark extends { subscriber: string }>(folder: string, schema: z.ZodType<Mark>): Map<string, Mark> => {
  const marks = new Map<string, Mark>();
  for (const name of readdirSync(folder)
    .filter((entry) => entry.endsWith(".json"))
    .sort()) {
    const file = path.join(folder, name);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      throw new Error(`${file}: the delivery state is not valid JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`${file}: the delivery state is malformed: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    }
    marks.set(parsed.data.subscriber, parsed.data);
  }
  return marks;
};

/**
 * The durable delivery state under FACTS_WEBHOOK_STATE (format in state-file.ts): `deliveries.json` (the snapshot),
 * `journal.ndjson` (a write-ahead log of every change since), `gone/<subscriber>.json` and
 * `disabled/<subscriber>.json`. The folder is locked from opening to closing. Opening replays the journal over the
 * snapshot and, when there was a journal, compacts both into a new snapshot (atomic rename, then the journal is
 * removed: a crash between the two replays the same lines again, to the same result); closing folds the deliveries
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

const openLockedStore = async (directory: string, options: StoreOptions, release: () => Promise<void>): Promise<DeliveryStore> => {
  const gone = path.join(directory, GONE_FOLDER);
  const disabled = path.join(directory, DISABLED_FOLDER);
  const snapshotFile = path.join(directory, SNAPSHOT_FILE);
  const journalFile = path.join(directory, JOURNAL_FILE);
  await mkdir(gone, { recursive: true });
  await mkdir(disabled, { recursive: true });
  for (const folder of [directory, gone, disabled]) await recoverAtomicWrites(folder, parses);

  const state: StateContents = existsSync(snapshotFile)
    ? readSnapshot(readFileSync(snapshotFile, "utf8"), snapshotFile)
    : { events: new Map(), subscribers: new Map(), deliveries: new Map() };
  const hadJournal = existsSync(journalFile);
  if (hadJournal) replayJournal(state, readFileSync(journalFile, "utf8"), journalFile);
  const retentionMs = (options.retentionDays ?? DEFAULT_RETENTION_DAYS) * 24 * 60 * 60 * 1000;
  const compact = (): void => {
    writeFileAtomic(snapshotFile, renderSnapshot(state));
    rmSync(journalFile, { force: true });
  };
  if (hadJournal) compact();
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
        return Promise.reject(new Error(`delivery ${record.id}: its event ${record.eventKey} is not in the state (addEvent first)`));
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
    markGone: async (mark) => writeFileAtomic(path.join(gone, `${mark.subscriber}.json`), `${JSON.stringify(mark, null, 2)}\n`),
    disabledSubscribers: async () => readMarks(disabled, DisabledMark),
    markDisabled: async (mark) => writeFileAtomic(path.join(disabled, `${mark.subscriber}.json`), `${JSON.stringify(mark, null, 2)}\n`),
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
