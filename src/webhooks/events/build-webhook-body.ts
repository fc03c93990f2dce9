import { SERVICE, urlsFor } from "../../lib/config.ts";
import type { WebhookBody } from "../../schemas/webhook.ts";
import type { FactUpdatedEvent } from "./fact-updated-event.ts";

/**
 * The Schema.org UpdateAction body of docs/consumers/api.md#the-factupdated-event for one attempt: `startTime` is when the change was committed,
 * `endTime` the attempt's own time, so a late retry still passes the receiver's 5-minute replay window.
 * Not validated here, since it runs at every attempt: planDeliveries validates each event's body once against
 * WebhookBody, and only `endTime`, always a valid instant, differs between attempts.
 */
export const buildWebhookBody = (event: FactUpdatedEvent, context: { baseUrl: string; changedAt: string; sentAt: Date }): WebhookBody => {
  const urls = urlsFor(context.baseUrl);
  return {
    "@context": "https://schema.org",
    "@type": "UpdateAction",
    actionStatus: "CompletedActionStatus",
    agent: { "@type": "Person", name: SERVICE.name, alternateName: SERVICE.slug, url: urls.catalogPage },
    startTime: context.changedAt,
    endTime: context.sentAt.toISOString(),
    object: {
      "@type": "Dataset",
      "@id": urls.factAnchor(event.factId),
      identifier: event.factId,
      version: event.version,
      previousVersion: event.previousVersion,
      current: event.current,
      previous: event.previous,
      diff: event.diff,
      url: urls.factById(event.factId),
    },
    result: { "@type": "Dataset", "@id": urls.changelogPage },
    license: SERVICE.license,
  };
};
