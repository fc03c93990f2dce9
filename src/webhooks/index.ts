/**
 * Webhooks, by stage: `subscribers/` (who gets what, from the secret list), `events/` (the `fact.updated` events a
 * range of commits makes, and their bodies), `state/` (planned deliveries and their journal on disk), `delivery/`
 * (sending, retries, the pinned and guarded HTTP client), `signing/` (Standard Webhooks signatures, both ways).
 * `dispatch` runs them in that order; `ping` and `redeliver` are the subscriber controls; the CLI and the digest
 * import from here.
 */
export { createPinnedClient, DEFAULT_CONCURRENCY, type RunOptions, type RunSummary, runDeliveries, systemResolver } from "./delivery/index.ts";
export { dispatch } from "./dispatch.ts";
export { computeEvents, FactUpdatedEvent } from "./events/index.ts";
export { pingSubscriber } from "./ping.ts";
export { requeueDeliveries } from "./redeliver.ts";
export { createDeliveryStore, DEFAULT_LOCK_WAIT_SECONDS, DEFAULT_RETENTION_DAYS, lockStateFolder } from "./state/index.ts";
export { allowHostsFromEnvironment, parseSubscriberList, type Subscriber, subscribersFromEnvironment } from "./subscribers/index.ts";
