import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { compareText } from "../../lib/compare-text.ts";
import { writeFileAtomic } from "../../lib/write-file-atomic.ts";
import { IsoDateTime } from "../../schemas/primitives.ts";
import type { FactUpdatedEvent } from "../events/index.ts";
import type { DeliveryRecord } from "./delivery-record.ts";
import { type Journal, openJournal } from "./journal.ts";
import { diffRecord } from "./record-patch.ts";
import { recoverAtomicWrites } from "./recover-atomic-writes.ts";
import { replayDeliveryState, type StoredText } from "./replay-delivery-state.ts";

/** Every subscriber's delivery of an event holds the same event object, so its JSON is made once. */
const eventTexts = new WeakMap<FactUpdatedEvent, string>();

const recordLine = (record: DeliveryRecord): string => {
  const { id, event, ...rest } = record;
  let eventText = eventTexts.get(event);
  if (eventText === undefined) {
    eventText = JSON.stringify(event);
    eventTexts.set(event, eventText);
  }
  return `{"id":${JSON.stringify(id)},"event":${eventText},${JSON.stringify(rest).slice(1)}`;
};

/**
 * The snapshot file: one JSON document, `{"deliveries": [...]}`, with one record per line in delivery-id order
 * and the fields of each in one fixed order (id, event, then the rest as the record holds them), so the state
 * branch stays one readable file whose commits change only the lines of the deliveries that moved.
 */
export const renderDeliverySnapshot = (records: Iterable<DeliveryRecord>): string => {
  const lines = [...records].sort((a, b) => compareText(a.id, b.id)).map(recordLine);
  return `{"deliveries": [\n${lines.join(",\n")}${lines.length > 0 ? "\n" : ""}]}\n`;
};

/** Written when a subscriber's receiver answers 410 Gone; while it exists, nothing more is sent to that subscriber. */
export const GoneMark = z.object({ subscriber: z.string(), since: IsoDateTime, delivery: z.uuid() });
export type GoneMark = z.infer<typeof GoneMark>;

/** Every delivery as of the last compaction, one record per line. */
export const SNAPSHOT_FILE = "deliveries.json";
/** Every change since the snapshot, one RecordPatch per line, in the order they were made. */
export const JOURNAL_FILE = "journal.ndjson";

export interface DeliveryStore {
  directory: string;
  has(id: string): Promise<boolean>;
  list(): Promise<DeliveryRecord[]>;
  /**
   * Resolves once the change is in the journal, where a killed process cannot lose it. Records are values: pass
   * a new object for a new state (as the transitions do), never the same one changed in place.
   */
  write(record: DeliveryRecord): Promise<void>;
  goneSubscribers(): Promise<Map<string, GoneMark>>;
  markGone(mark: GoneMark): Promise<void>;
  /** Writes what is pending and folds the journal into the snapshot. Call it once, when the run ends. */
  close(): Promise<void>;
}

const readIfPresent = (file: string): StoredText | undefined => (existsSync(file) ? { file, text: readFileSync(file, "utf8") } : undefined);

const readGoneMark = (file: string): GoneMark => {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw new Error(`${file}: the delivery state is not valid JSON`);
  }
  const parsed = GoneMark.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: the delivery state is malformed: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return parsed.data;
};

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * The durable delivery state under FACTS_WEBHOOK_STATE: `deliveries.json` (the snapshot), `journal.ndjson` (a
 * write-ahead log of every change since), and `gone/<subscriber>.json`. The deliveries live in memory; each change
 * is appended to the journal, many deliveries' changes to one `write` (see openJournal), instead of a file of its
 * own rewritten twice per attempt. Opening replays the journal over the snapshot and, when there was a journal,
 * compacts both into a new snapshot (atomic rename, then the journal is removed: a crash between the two replays
 * the same lines again, to the same result); closing compacts again, so between runs the state branch holds one
 * snapshot and no journal.
 */
export const createDeliveryStore = async (directory: string): Promise<DeliveryStore> => {
  const gone = path.join(directory, "gone");
  const snapshotFile = path.join(directory, SNAPSHOT_FILE);
  const journalFile = path.join(directory, JOURNAL_FILE);
  await mkdir(gone, { recursive: true });
  for (const folder of [directory, gone]) await recoverAtomicWrites(folder, parses);

  const journalText = readIfPresent(journalFile);
  const records = replayDeliveryState(readIfPresent(snapshotFile), journalText);
  const compact = (): void => {
    writeFileAtomic(snapshotFile, renderDeliverySnapshot(records.values()));
    rmSync(journalFile, { force: true });
  };
  if (journalText) compact();
  // Opened at the first change, so a run that changes nothing leaves the folder as it found it.
  let journal: Journal | undefined;

  return {
    directory,
    has: async (id) => records.has(id),
    list: async () => [...records.values()].sort((a, b) => compareText(a.id, b.id)),
    write: (record) => {
      const patch = diffRecord(records.get(record.id), record);
      records.set(record.id, record);
      journal ??= openJournal(journalFile);
      return journal.append(JSON.stringify(patch));
    },
    goneSubscribers: async () => {
      const files = readdirSync(gone)
        .filter((name) => name.endsWith(".json"))
        .sort();
      const marks = files.map((name) => readGoneMark(path.join(gone, name)));
      return new Map(marks.map((mark) => [mark.subscriber, mark]));
    },
    markGone: async (mark) => writeFileAtomic(path.join(gone, `${mark.subscriber}.json`), `${JSON.stringify(mark, null, 2)}\n`),
    close: async () => {
      if (!journal) return;
      await journal.close();
      journal = undefined;
      compact();
    },
  };
};
