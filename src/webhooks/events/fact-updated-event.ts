import { z } from "zod";
import { FactId } from "../../schemas/primitives.ts";
import { WebhookBody } from "../../schemas/webhook.ts";

const bodyObject = WebhookBody.shape.object.shape;

/** The fields whose change triggers a `fact.updated` event (docs/consumers/api.md#the-factupdated-event), in the order the body lists them. */
export const WATCHED_FIELDS = ["value", "expires_iso", "effective_iso"] as const;

/** One `fact.updated` event: what changed in one fact between two revisions. */
export const FactUpdatedEvent = z.object({
  factId: FactId,
  version: bodyObject.version,
  previousVersion: bodyObject.previousVersion,
  current: bodyObject.current,
  previous: bodyObject.previous,
  diff: bodyObject.diff,
});
export type FactUpdatedEvent = z.infer<typeof FactUpdatedEvent>;
