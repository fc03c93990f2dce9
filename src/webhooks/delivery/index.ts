export { buildWebhookRequest, type WebhookRequest } from "./build-webhook-request.ts";
export { applyAttemptOutcome, startAttempt } from "./deliver.ts";
export { systemResolver } from "./guard-url.ts";
export { createPinnedClient, type PinnedClient } from "./pinned-client.ts";
export { DEFAULT_CONCURRENCY, forEachConcurrently, type RunOptions, type RunSummary, runDeliveries } from "./run-deliveries.ts";
export { DEFAULT_TIMEOUT_MS, MAX_ANSWER_BYTES } from "./send-webhook.ts";
