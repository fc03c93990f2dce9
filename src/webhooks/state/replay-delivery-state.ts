import { DeliveryRecord } from "./delivery-record.ts";
import { applyPatch, type RecordPatch } from "./record-patch.ts";

export interface StoredText {
  file: string;
  text: string;
}

const DELIVERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const parseJson = (text: string, where: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${where}: the delivery state is not valid JSON`);
  }
};

const idOf = (value: unknown, where: string): string => {
  const id = (value as { id?: unknown } | null)?.id;
  if (typeof id !== "string" || !DELIVERY_ID.test(id)) throw new Error(`${where}: the delivery state is malformed: id: not a delivery id`);
  return id;
};

/**
 * The deliveries as the snapshot and then the journal left them (see renderDeliverySnapshot and openJournal).
 * Each journal line is a RecordPatch of whole field values, so replaying a journal that the snapshot already
 * holds changes nothing. A last journal line without its newline is the tail of a write the process did
 * not live to finish: nobody was told it was written, so it is dropped. Anything else unreadable is an error that
 * names its file and line (or array entry). Only the surviving version of each record is validated.
 */
export const replayDeliveryState = (snapshot: StoredText | undefined, journal: StoredText | undefined): Map<string, DeliveryRecord> => {
  // `where` locates the surviving version of each record: a journal line, or an entry of the snapshot's array.
  const latest = new Map<string, { value: unknown; where: string }>();
  if (snapshot) {
    const deliveries = (parseJson(snapshot.text, snapshot.file) as { deliveries?: unknown } | null)?.deliveries;
    if (!Array.isArray(deliveries)) throw new Error(`${snapshot.file}: the delivery state is malformed: deliveries: expected an array`);
    deliveries.forEach((value: unknown, index) => {
      const where = `${snapshot.file}: deliveries[${index}]`;
      latest.set(idOf(value, where), { value, where });
    });
  }
  if (journal) {
    const lines = journal.text.split("\n");
    // What follows the last newline is a torn append, or "" when the journal ends cleanly.
    lines.pop();
    lines.forEach((text, index) => {
      if (text === "") return;
      const where = `${journal.file}:${index + 1}`;
      const patch = parseJson(text, where) as RecordPatch;
      const id = idOf(patch, where);
      if (typeof patch.set !== "object" || patch.set === null || (patch.unset !== undefined && !Array.isArray(patch.unset))) {
        throw new Error(`${where}: the delivery state is malformed: not a change of a delivery`);
      }
      latest.set(id, { value: applyPatch(latest.get(id)?.value as Record<string, unknown> | undefined, patch), where });
    });
  }
  const records = new Map<string, DeliveryRecord>();
  for (const [id, { value, where }] of latest) {
    const parsed = DeliveryRecord.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`${where}: the delivery state is malformed: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    }
    records.set(id, parsed.data);
  }
  return records;
};
