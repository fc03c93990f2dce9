import { buildWebhookBody } from "./build-webhook-body.ts";
import type { FactUpdatedEvent } from "./fact-updated-event.ts";

interface Template {
  baseUrl: string;
  changedAt: string;
  /** The UTF-8 bytes of the JSON text up to the opening quote of `endTime`'s value, and from its closing quote on. */
  before: Buffer;
  after: Buffer;
}

const END_TIME = '"endTime":"';
const templates = new WeakMap<FactUpdatedEvent, Template>();

/**
 * The bytes of `JSON.stringify(buildWebhookBody(event, context))`, exactly. Only `endTime` differs between attempts,
 * so the text around it is serialized and encoded once per event, and each attempt copies it around the
 * attempt's time into one buffer: serializing the whole body at every attempt was a fifth of the dispatcher's own
 * CPU. The first `"endTime":"` is the top-level one, since only `agent` and `startTime`, which cannot hold it,
 * come before it.
 */
export const webhookBodyBytes = (event: FactUpdatedEvent, context: { baseUrl: string; changedAt: string; sentAt: Date }): Buffer => {
  let template = templates.get(event);
  if (!template || template.baseUrl !== context.baseUrl || template.changedAt !== context.changedAt) {
    const text = JSON.stringify(buildWebhookBody(event, context));
    const start = text.indexOf(END_TIME) + END_TIME.length;
    const end = text.indexOf('"', start);
    template = { baseUrl: context.baseUrl, changedAt: context.changedAt, before: Buffer.from(text.slice(0, start)), after: Buffer.from(text.slice(end)) };
    templates.set(event, template);
  }
  // An ISO 8601 instant is ASCII: one byte per character.
  const time = context.sentAt.toISOString();
  const { before, after } = template;
  const body = Buffer.allocUnsafe(before.length + time.length + after.length);
  before.copy(body, 0);
  body.write(time, before.length, "latin1");
  after.copy(body, before.length + time.length);
  return body;
};
