import { randomUUID } from "node:crypto";
import { SERVICE, urlsFor } from "../lib/config.ts";
import { signedHeaders } from "./delivery/build-webhook-request.ts";
import { describeOutcome } from "./delivery/describe-outcome.ts";
import { type GuardResult, guardUrl, type Resolver } from "./delivery/guard-url.ts";
import type { PinnedClient } from "./delivery/pinned-client.ts";
import { sendWebhook } from "./delivery/send-webhook.ts";
import type { AttemptOutcome } from "./state/index.ts";
import { type Subscriber, signingSecrets } from "./subscribers/index.ts";

export interface PingResult {
  deliveryId: string;
  outcome: AttemptOutcome;
  ok: boolean;
  description: string;
}

/**
 * `webhooks ping`: one signed `fact.ping` event to a subscriber's endpoint, with the headers and signatures of a
 * real delivery (and both signatures during a secret rotation), through the same URL guard. Nothing is stored: it
 * tests the endpoint, gone or disabled ones included, and answers whether it took the event.
 */
export const pingSubscriber = async (
  subscriber: Subscriber,
  context: { client: PinnedClient; allowHosts: ReadonlySet<string>; resolve: Resolver; now: () => Date; baseUrl: string; timeoutMs?: number },
): Promise<PingResult> => {
  const id = randomUUID();
  const sentAt = context.now();
  const urls = urlsFor(context.baseUrl);
  const body = Buffer.from(
    JSON.stringify({
      "@context": "https://schema.org",
      "@type": "CheckAction",
      name: "fact.ping",
      description: `A test event from ${SERVICE.name}, sent on request to check this endpoint. It carries no change.`,
      agent: { "@type": "Person", name: SERVICE.name, alternateName: SERVICE.slug, url: urls.catalogPage },
      endTime: sentAt.toISOString(),
    }),
  );
  const target: GuardResult = await guardUrl(subscriber.url, context);
  const outcome: AttemptOutcome = target.ok
    ? await sendWebhook(
        context.client,
        target,
        { headers: signedHeaders({ id, event: "fact.ping", body }, signingSecrets(subscriber, sentAt), sentAt), body },
        context,
      )
    : { kind: "refused", message: target.reason, permanent: target.permanent };
  const ok = outcome.kind === "response" && outcome.status >= 200 && outcome.status < 300;
  return { deliveryId: id, outcome, ok, description: describeOutcome(outcome) };
};
