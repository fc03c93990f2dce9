export { applyAttemptOutcome } from "./apply-attempt-outcome.ts";
export { buildWebhookRequest, type WebhookRequest } from "./build-webhook-request.ts";
export { forEachConcurrently } from "./for-each-concurrently.ts";
export { systemResolver } from "./guard-url.ts";
export { createPinnedClient, type PinnedClient } from "./pinned-client.ts";
export { DEFAULT_CONCURRENCY, runDeliveries, type RunOptions, type RunSummary } from "./run-deliveries.ts";
export { DEFAULT_TIMEOUT_MS, MAX_ANSWER_BYTES } from "./send-webhook.ts";
export { startAttempt } from "./start-attempt.ts";
