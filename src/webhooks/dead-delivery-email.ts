import { SERVICE, urlsFor } from "../lib/config.ts";
import type { MailMessage } from "../lib/mailer.ts";
import { describeOutcome } from "./delivery.ts";
import type { DeliveryRecord } from "./state.ts";
import type { Subscriber } from "./subscribers.ts";

/**
 * A subscriber URL as it may appear in logs and emails: its origin only, since paths and queries often carry tokens.
 */
export const redactUrl = (rawUrl: string): string => {
  try {
    return new URL(rawUrl).origin;
  } catch {
    return "(unparseable URL)";
  }
};

/**
 * The one email that tells a subscriber its deliveries are dead: which events, every attempt, and where to read the
 * facts now.
 */
export const deadDeliveryEmail = (subscriber: Subscriber, records: readonly DeliveryRecord[]): MailMessage => {
  const count = records.length;
  const lines = [
    `Hello,`,
    ``,
    `${SERVICE.name} could not deliver ${count === 1 ? "a webhook event" : `${count} webhook events`} to your endpoint`,
    `${redactUrl(subscriber.url)} (subscriber "${subscriber.id}") and has stopped retrying ${count === 1 ? "it" : "them"}.`,
    ``,
  ];
  for (const record of records) {
    const urls = urlsFor(record.baseUrl);
    lines.push(
      `- ${record.event.factId} v${record.event.version} (delivery ${record.id})`,
      `  Reason: ${record.reason ?? "retries exhausted"}`,
      ...record.attempts.map(
        (attempt) =>
          `  Attempt ${attempt.number} at ${attempt.startedAt}: ${attempt.outcome ? describeOutcome(attempt.outcome) : "unfinished"}`,
      ),
      `  The fact as published now: ${urls.factById(record.event.factId)}`,
      ``,
    );
  }
  lines.push(
    `Events are not sent again. Please check your endpoint; the RSS feed and the API carry every change.`,
    ``,
    `-- ${SERVICE.name} <${SERVICE.contactEmail}>`,
  );
  return {
    to: subscriber.email,
    subject: `${SERVICE.name}: ${count === 1 ? `webhook delivery for ${records[0]!.event.factId} failed` : `${count} webhook deliveries failed`}`,
    text: `${lines.join("\n")}\n`,
  };
};

/** The one email that tells a subscriber it is disabled: since when its deliveries failed, and how to come back. */
export const disabledSubscriberEmail = (
  subscriber: Subscriber,
  mark: { since: string; failingSince: string; reason: string },
): MailMessage => ({
  to: subscriber.email,
  subject: `${SERVICE.name}: webhooks to ${redactUrl(subscriber.url)} are disabled`,
  text: `${[
    `Hello,`,
    ``,
    `Every webhook delivery to your endpoint ${redactUrl(subscriber.url)} (subscriber "${subscriber.id}") has failed`,
    `since ${mark.failingSince}, so on ${mark.since} ${SERVICE.name} stopped sending to it.`,
    `The last failure: ${mark.reason}`,
    ``,
    `Nothing more is sent until the endpoint is enabled again. Once it answers, write to ${SERVICE.contactEmail}:`,
    `we re-enable it and can send again every event since a date you choose. The RSS feed and the API carry every change.`,
    ``,
    `-- ${SERVICE.name} <${SERVICE.contactEmail}>`,
  ].join("\n")}\n`,
});
