import pMap from "p-map";
import type { Mailer } from "../lib/mailer.ts";
import { compareText } from "../lib/text.ts";
import { deadDeliveryEmail, disabledSubscriberEmail } from "./dead-delivery-email.ts";
import { type DeliveryContext, deliver, describeOutcome } from "./delivery.ts";
import type { DeliveryRecord, DeliveryStatus } from "./state.ts";
import type { Subscriber } from "./subscribers.ts";

export interface RunOptions extends DeliveryContext {
  subscribers: readonly Subscriber[];
  /** Sends the dead-delivery notices; without it they wait in the state for a run that has one. */
  mailer?: Mailer;
  sleep: (ms: number) => Promise<void>;
  log: (line: string) => void;
  concurrency?: number;
  /** How long to stay for retries that fall due; 0 makes only the attempts due now. */
  maxWaitMs: number;
  /** Only this subscriber's deliveries (`webhooks redeliver`); every subscriber's otherwise. */
  only?: string;
}

export interface RunSummary {
  attempts: number;
  /** Subscribers this run disabled, every delivery to them having failed for DISABLE_AFTER_MS. */
  disabled: string[];
  /** Deliveries this run touched, by the status they ended in. */
  outcomes: Record<DeliveryStatus, number>;
  noticesSent: number;
  /** The earliest retry still scheduled, for the next run. */
  nextAttemptAt: string | null;
}

/** Attempts in flight at once, unless told otherwise. */
export const DEFAULT_CONCURRENCY = 8;

/** A subscriber whose every delivery has failed for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

const OPEN: ReadonlySet<DeliveryStatus> = new Set(["pending", "attempted", "retrying"]);

const isDue = (record: DeliveryRecord, at: number): boolean =>
  record.status === "pending" ||
  record.status === "attempted" ||
  (record.status === "retrying" && Date.parse(record.nextAttemptAt ?? "") <= at);

const label = (record: DeliveryRecord): string =>
  `delivery ${record.id} (${record.subscriber}, ${record.event.factId} v${record.event.version})`;

/**
 * Makes every attempt that is due, then, while the next scheduled retry falls within `maxWaitMs`, sleeps until
 * it and goes on. 410 Gone closes the subscriber's other open deliveries unsent; dead deliveries are announced
 * to their subscriber in one email per subscriber, and the notice is recorded so it is sent once. A subscriber
 * whose deliveries have all failed since DISABLE_AFTER_MS ago is disabled (its open deliveries closed unsent, a
 * marker written, one email sent) until the marker is removed.
 */
export const runDeliveries = async (options: RunOptions): Promise<RunSummary> => {
  const { store, now, log } = options;
  const deadline = now().getTime() + options.maxWaitMs;
  const subscribers = new Map(options.subscribers.map((subscriber) => [subscriber.id, subscriber]));
  const records = new Map((await store.list()).map((record) => [record.id, record]));
  const gone = await store.goneSubscribers();
  const disabled = await store.disabledSubscribers();
  const disabledNow: string[] = [];
  const unconfigured = new Set<string>();
  const touched = new Set<string>();
  let attempts = 0;
  let noticesSent = 0;

  const update = async (record: DeliveryRecord): Promise<void> => {
    await store.write(record);
    records.set(record.id, record);
    touched.add(record.id);
  };

  const closeGone = async (): Promise<void> => {
    for (const record of records.values()) {
      if (!OPEN.has(record.status)) continue;
      const goneMark = gone.get(record.subscriber);
      const disabledMark = disabled.get(record.subscriber);
      if (goneMark) {
        await update({
          ...record,
          status: "gone",
          nextAttemptAt: null,
          reason: `not sent: the subscriber's receiver answered 410 Gone on ${goneMark.since}`,
        });
        log(`${label(record)}: not sent, the subscriber is gone`);
      } else if (disabledMark) {
        await update({
          ...record,
          status: "disabled",
          nextAttemptAt: null,
          reason: `not sent: the subscriber is disabled since ${disabledMark.since}`,
        });
        log(`${label(record)}: not sent, the subscriber is disabled`);
      }
    }
  };

  /** Keeps the subscriber's failure streak: cleared by a delivery, started by a failure, and disabling at its limit. */
  const trackHealth = async (record: DeliveryRecord): Promise<void> => {
    const attempt = record.attempts.at(-1)!;
    const summary = store.summary(record.subscriber);
    if (record.status === "delivered") {
      if (summary.failingSince !== undefined) {
        const { failingSince: _, ...healthy } = summary;
        await store.writeSummary(healthy);
      }
      return;
    }
    if (record.status !== "retrying" && record.status !== "dead") return;
    const failedAt = attempt.finishedAt!;
    if (summary.failingSince === undefined) {
      await store.writeSummary({ ...summary, failingSince: failedAt });
      return;
    }
    if (Date.parse(failedAt) - Date.parse(summary.failingSince) < DISABLE_AFTER_MS || disabled.has(record.subscriber))
      return;
    const mark = {
      subscriber: record.subscriber,
      since: failedAt,
      failingSince: summary.failingSince,
      reason: describeOutcome(attempt.outcome!),
    };
    disabled.set(record.subscriber, mark);
    await store.markDisabled(mark);
    // The streak ends with the marker: once an operator removes it, the subscriber starts afresh with five days.
    const { failingSince: _, ...fresh } = summary;
    await store.writeSummary(fresh);
    disabledNow.push(record.subscriber);
    log(
      `subscriber ${record.subscriber} disabled: every delivery has failed since ${summary.failingSince}; remove its marker to enable it again`,
    );
  };

  const sendDisabledNotices = async (): Promise<void> => {
    for (const [subscriberId, mark] of disabled) {
      const subscriber = subscribers.get(subscriberId);
      if (mark.emailedAt !== undefined || !subscriber) continue;
      if (!options.mailer) {
        log(`SMTP_URL is not set: the notice that ${subscriberId} is disabled waits for a run that has it`);
        continue;
      }
      await options.mailer.send(disabledSubscriberEmail(subscriber, mark));
      noticesSent++;
      const emailed = { ...mark, emailedAt: now().toISOString() };
      disabled.set(subscriberId, emailed);
      await store.markDisabled(emailed);
      log(`emailed ${subscriberId} that it is disabled`);
    }
  };

  const sendNotices = async (): Promise<void> => {
    const waiting = new Map<string, DeliveryRecord[]>();
    for (const record of records.values()) {
      if (record.status !== "dead" || record.deadNoticeSentAt || !subscribers.has(record.subscriber)) continue;
      waiting.set(record.subscriber, [...(waiting.get(record.subscriber) ?? []), record]);
    }
    for (const [subscriberId, dead] of waiting) {
      const subscriber = subscribers.get(subscriberId)!;
      if (!options.mailer) {
        log(
          `SMTP_URL is not set: the notice of ${dead.length} dead delivery(ies) to ${subscriberId} waits for a run that has it`,
        );
        continue;
      }
      await options.mailer.send(deadDeliveryEmail(subscriber, dead));
      noticesSent++;
      const sentAt = now().toISOString();
      for (const record of dead) await update({ ...record, deadNoticeSentAt: sentAt });
      log(`emailed ${subscriberId} about ${dead.length} dead delivery(ies)`);
    }
  };

  for (;;) {
    await closeGone();
    const at = now().getTime();
    const due = [...records.values()]
      .filter(
        (record) =>
          isDue(record, at) &&
          !unconfigured.has(record.subscriber) &&
          (options.only === undefined || record.subscriber === options.only),
      )
      .sort((a, b) => compareText(a.nextAttemptAt ?? "", b.nextAttemptAt ?? "") || compareText(a.id, b.id));

    await pMap(
      due,
      async (record) => {
        if (gone.has(record.subscriber) || disabled.has(record.subscriber)) return;
        const subscriber = subscribers.get(record.subscriber);
        if (!subscriber) {
          if (!unconfigured.has(record.subscriber))
            log(`subscriber ${record.subscriber} is no longer configured: its open deliveries are left as they are`);
          unconfigured.add(record.subscriber);
          return;
        }
        const finished = await deliver(record, subscriber, options);
        attempts++;
        records.set(finished.id, finished);
        touched.add(finished.id);
        const attempt = finished.attempts.at(-1)!;
        const result = finished.status === "retrying" ? `retrying at ${finished.nextAttemptAt}` : finished.status;
        log(`${label(finished)} attempt ${attempt.number}: ${describeOutcome(attempt.outcome!)} -> ${result}`);
        await trackHealth(finished);
        if (finished.status === "gone" && !gone.has(subscriber.id)) {
          const mark = { subscriber: subscriber.id, since: attempt.finishedAt!, delivery: finished.id };
          gone.set(subscriber.id, mark);
          await store.markGone(mark);
          log(`subscriber ${subscriber.id} answered 410 Gone: nothing more is sent to it`);
        }
      },
      { concurrency: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY) },
    );
    await closeGone();
    await sendNotices();
    await sendDisabledNotices();

    const next = [...records.values()]
      .filter(
        (record) =>
          record.status === "retrying" &&
          !unconfigured.has(record.subscriber) &&
          !gone.has(record.subscriber) &&
          !disabled.has(record.subscriber) &&
          (options.only === undefined || record.subscriber === options.only),
      )
      .map((record) => Date.parse(record.nextAttemptAt!))
      .reduce((earliest, time) => Math.min(earliest, time), Number.POSITIVE_INFINITY);
    if (!Number.isFinite(next) || next > deadline) break;
    await options.sleep(Math.max(0, next - now().getTime()));
  }

  const outcomes: Record<DeliveryStatus, number> = {
    pending: 0,
    attempted: 0,
    retrying: 0,
    delivered: 0,
    dead: 0,
    gone: 0,
    disabled: 0,
  };
  for (const id of touched) outcomes[records.get(id)!.status]++;
  const next = [...records.values()]
    .filter((record) => record.status === "retrying")
    .map((record) => record.nextAttemptAt!)
    .sort()[0];
  return { attempts, disabled: disabledNow, outcomes, noticesSent, nextAttemptAt: next ?? null };
};
