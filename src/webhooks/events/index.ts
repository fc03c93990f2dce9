export { buildWebhookBody } from "./build-webhook-body.ts";
export { computeEvents } from "./compute-events.ts";
export { changeHash, deliveryId, eventKey } from "./delivery-id.ts";
export { FactUpdatedEvent } from "./fact-updated-event.ts";
export { resolveCommit } from "./resolve-commit.ts";
export { webhookBodyBytes } from "./webhook-body-bytes.ts";
