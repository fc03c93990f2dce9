import { z } from "zod";
import { compareText } from "../../lib/text.ts";
import { AbsoluteUrl, IsoDateTime } from "../../schemas/index.ts";
import { eventKey, FactUpdatedEvent } from "../events/index.ts";
import { type Attempt, AttemptOutcome, DELIVERY_STATUSES, DeliveryRecord, FINISHED_STATUSES } from "./delivery-record.ts";

/**
 * The format of the delivery state on disk, version 2 (documented in docs/operators/state-branch.md):
 *
 * - `events`: each change once, by its key: the event, when it was committed and the base URL of its links;
 * - `subscribers`: per subscriber, the deliveries folded out of the state after the retention window (counts by
 *   status, and the last one's time) and, while its deliveries keep failing, when the failures began;
 * - `deliveries`: one line per delivery in id order, its fields under short names. An open delivery keeps every
 *   attempt as `[number, startedAt, finishedAt, outcome]`; a finished one keeps only its last as
 *   `[number, finishedAt, outcome]`. An outcome that is a bare HTTP status is written as the number.
 *
 * The journal beside it holds one JSON object per line, each `{"event": …}`, `{"delivery": …}` or
 * `{"subscriber": …}` in the same encoding; the last line of an id wins.
 */
export const STATE_FORMAT = 2;

/** One change as stored once in the state, whatever the number of its deliveries. */
export const StoredEvent = z.object({ key: z.string(), event: FactUpdatedEvent, changedAt: IsoDateTime, baseUrl: AbsoluteUrl });
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

export const emptySummary = (id: string): SubscriberSummary => ({ id, folded: { delivered: 0, dead: 0, gone: 0, disabled: 0 } });

type EncodedOutcome = number | AttemptOutcome;

const encodeOutcome = (outcome: AttemptOutcome | undefined): EncodedOutcome | null =>
  outcome === undefined ? null : outcome.kind === "response" && outcome.retryAfterSeconds === undefined ? outcome.status : outcome;

const decodeOutcome = (value: unknown): AttemptOutcome | undefined =>
  value === null || value === undefined ? undefined : typeof value === "number" ? { kind: "response", status: value } : AttemptOutcome.parse(value);

const isFinishedForGood = (record: DeliveryRecord): boolean =>
  FINISHED_STATUSES.has(record.status) && !(record.status === "dead" && record.deadNoticeSentAt === undefined);

/**
 * One delivery as a line of the state. `compact` keeps only the last attempt of a finished delivery, which is all
 * a reader needs once nothing more will be sent (and a dead delivery keeps everything until its notice is sent).
 */
export const encodeDelivery = (record: DeliveryRecord, compact: boolean): Record<string, unknown> => {
  const shorten = compact && isFinishedForGood(record);
  const attempts = shorten ? record.attempts.slice(-1) : record.attempts;
  return {
    id: record.id,
    sub: record.subscriber,
    ev: record.eventKey,
    st: record.status,
    created: record.createdAt,
    ...(record.nextAttemptAt === null ? {} : { next: record.nextAttemptAt }),
    attempts: attempts.map((attempt) =>
      shorten
        ? [attempt.number, attempt.finishedAt ?? null, encodeOutcome(attempt.outcome)]
        : [attempt.number, attempt.startedAt ?? null, attempt.finishedAt ?? null, encodeOutcome(attempt.outcome)],
    ),
    ...(record.reason === undefined ? {} : { reason: record.reason }),
    ...(record.deadNoticeSentAt === undefined ? {} : { notice: record.deadNoticeSentAt }),
    ...(record.redeliveredAt === undefined ? {} : { redelivered: record.redeliveredAt }),
  };
};

const EncodedDelivery = z.object({
  id: z.string(),
  sub: z.string(),
  ev: z.string(),
  st: z.enum(DELIVERY_STATUSES),
  created: z.string(),
  next: z.string().optional(),
  attempts: z.array(
    z.union([z.tuple([z.int(), z.string().nullable(), z.unknown()]), z.tuple([z.int(), z.string().nullable(), z.string().nullable(), z.unknown()])]),
  ),
  reason: z.string().optional(),
  notice: z.string().optional(),
  redelivered: z.string().optional(),
});

const malformed = (where: string, error: z.ZodError): Error => {
  const issue = error.issues[0]!;
  return new Error(`${where}: the delivery state is malformed: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
};

/** A stored line back into a delivery, its event taken from `events`. */
export const decodeDelivery = (value: unknown, where: string, events: ReadonlyMap<string, StoredEvent>): DeliveryRecord => {
  const parsed = EncodedDelivery.safeParse(value);
  if (!parsed.success) throw malformed(where, parsed.error);
  const row = parsed.data;
  const stored = events.get(row.ev);
  if (!stored) throw new Error(`${where}: the delivery state is malformed: ev: no event ${row.ev} in the state`);
  let attempts: Attempt[];
  try {
    attempts = row.attempts.map((entry) => {
      const [number, startedAt, finishedAt, outcome] =
        entry.length === 3 ? [entry[0], null, entry[1], decodeOutcome(entry[2])] : [entry[0], entry[1], entry[2], decodeOutcome(entry[3])];
      return {
        number,
        ...(startedAt === null ? {} : { startedAt }),
        ...(finishedAt === null ? {} : { finishedAt }),
        ...(outcome === undefined ? {} : { outcome }),
      };
    });
  } catch (error: unknown) {
    if (error instanceof z.ZodError) throw malformed(`${where}: attempts`, error);
    throw error;
  }
  const record = DeliveryRecord.safeParse({
    id: row.id,
    subscriber: row.sub,
    eventKey: row.ev,
    event: stored.event,
    changedAt: stored.changedAt,
    baseUrl: stored.baseUrl,
    status: row.st,
    createdAt: row.created,
    attempts,
    nextAttemptAt: row.next ?? null,
    ...(row.reason === undefined ? {} : { reason: row.reason }),
    ...(row.notice === undefined ? {} : { deadNoticeSentAt: row.notice }),
    ...(row.redelivered === undefined ? {} : { redeliveredAt: row.redelivered }),
  });
  if (!record.success) throw malformed(where, record.error);
  // The parse copied the event; every delivery of one change shares the stored object.
  return { ...record.data, event: stored.event };
};

export interface StateContents {
  events: Map<string, StoredEvent>;
  subscribers: Map<string, SubscriberSummary>;
  deliveries: Map<string, DeliveryRecord>;
}

const storedEventLine = (stored: StoredEvent): string => JSON.stringify({ event: stored.event, changedAt: stored.changedAt, baseUrl: stored.baseUrl });

/**
 * The snapshot: one JSON document, one event, subscriber or delivery per line, each section in key order, so the
 * state branch stays one readable file whose commits change only the lines that moved.
 */
export const renderSnapshot = (state: StateContents): string => {
  const events = [...state.events.values()]
    .sort((a, b) => compareText(a.key, b.key))
    .map((stored) => `${JSON.stringify(stored.key)}: ${storedEventLine(stored)}`);
  const subscribers = [...state.subscribers.values()].sort((a, b) => compareText(a.id, b.id)).map((summary) => JSON.stringify(summary));
  const deliveries = [...state.deliveries.values()].sort((a, b) => compareText(a.id, b.id)).map((record) => JSON.stringify(encodeDelivery(record, true)));
  const block = (lines: string[]) => (lines.length === 0 ? "" : `\n${lines.join(",\n")}\n`);
  return `{"format": ${STATE_FORMAT},\n"events": {${block(events)}},\n"subscribers": [${block(subscribers)}],\n"deliveries": [${block(deliveries)}]}\n`;
};

/** A journal line for each kind of change. */
export const journalLine = {
  event: (stored: StoredEvent): string => JSON.stringify({ event: stored }),
  delivery: (record: DeliveryRecord): string => JSON.stringify({ delivery: encodeDelivery(record, false) }),
  subscriber: (summary: SubscriberSummary): string => JSON.stringify({ subscriber: summary }),
};

const parseJson = (text: string, where: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${where}: the delivery state is not valid JSON`);
  }
};

const parseStoredEvent = (value: unknown, where: string): StoredEvent => {
  const parsed = StoredEvent.safeParse(value);
  if (!parsed.success) throw malformed(where, parsed.error);
  return parsed.data;
};

/** Version 1 stored each delivery whole, with its own copy of the event and the commits of its dispatch. */
const LegacyDelivery = z.object({
  id: z.string(),
  subscriber: z.string(),
  event: FactUpdatedEvent,
  changedAt: IsoDateTime,
  baseUrl: AbsoluteUrl,
  status: z.enum(DELIVERY_STATUSES),
  createdAt: IsoDateTime,
  attempts: z.array(z.unknown()),
  nextAttemptAt: IsoDateTime.nullable(),
  reason: z.string().optional(),
  deadNoticeSentAt: IsoDateTime.optional(),
});

const readLegacy = (deliveries: unknown[], file: string, state: StateContents): void => {
  deliveries.forEach((value, index) => {
    const where = `${file}: deliveries[${index}]`;
    const parsed = LegacyDelivery.safeParse(value);
    if (!parsed.success) throw malformed(where, parsed.error);
    const legacy = parsed.data;
    const key = eventKey(legacy.event);
    if (!state.events.has(key)) state.events.set(key, { key, event: legacy.event, changedAt: legacy.changedAt, baseUrl: legacy.baseUrl });
    const record = DeliveryRecord.safeParse({ ...legacy, eventKey: key });
    if (!record.success) throw malformed(where, record.error);
    state.deliveries.set(record.data.id, { ...record.data, event: state.events.get(key)!.event });
  });
};

/** The snapshot's contents; a version-1 snapshot is read into the version-2 model. */
export const readSnapshot = (text: string, file: string): StateContents => {
  const document = parseJson(text, file) as Record<string, unknown> | null;
  const state: StateContents = { events: new Map(), subscribers: new Map(), deliveries: new Map() };
  if (document === null || typeof document !== "object" || !Array.isArray(document.deliveries)) {
    throw new Error(`${file}: the delivery state is malformed: deliveries: expected an array`);
  }
  if (document.format === undefined) {
    readLegacy(document.deliveries, file, state);
    return state;
  }
  if (document.format !== STATE_FORMAT)
    throw new Error(`${file}: the delivery state has format ${String(document.format)}; this version reads ${STATE_FORMAT}`);
  for (const [key, value] of Object.entries((document.events ?? {}) as Record<string, unknown>)) {
    state.events.set(key, parseStoredEvent({ key, ...(value as object) }, `${file}: events.${key}`));
  }
  ((document.subscribers ?? []) as unknown[]).forEach((value, index) => {
    const parsed = SubscriberSummary.safeParse(value);
    if (!parsed.success) throw malformed(`${file}: subscribers[${index}]`, parsed.error);
    state.subscribers.set(parsed.data.id, parsed.data);
  });
  document.deliveries.forEach((value, index) => {
    const record = decodeDelivery(value, `${file}: deliveries[${index}]`, state.events);
    state.deliveries.set(record.id, record);
  });
  return state;
};

/**
 * Applies the journal's lines over `state`, in order. A last line without its newline is the tail of a write the
 * process did not live to finish: nobody was told it was written, so it is dropped. Anything else unreadable is an
 * error naming the file and line.
 */
export const replayJournal = (state: StateContents, text: string, file: string): void => {
  const lines = text.split("\n");
  lines.pop();
  lines.forEach((line, index) => {
    if (line === "") return;
    const where = `${file}:${index + 1}`;
    const entry = parseJson(line, where) as { event?: unknown; delivery?: unknown; subscriber?: unknown } | null;
    if (entry?.event !== undefined) {
      const stored = parseStoredEvent(entry.event, where);
      state.events.set(stored.key, stored);
    } else if (entry?.delivery !== undefined) {
      const record = decodeDelivery(entry.delivery, where, state.events);
      state.deliveries.set(record.id, record);
    } else if (entry?.subscriber !== undefined) {
      const parsed = SubscriberSummary.safeParse(entry.subscriber);
      if (!parsed.success) throw malformed(where, parsed.error);
      state.subscribers.set(parsed.data.id, parsed.data);
    } else {
      throw new Error(`${where}: the delivery state is malformed: not an event, delivery or subscriber line`);
    }
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
