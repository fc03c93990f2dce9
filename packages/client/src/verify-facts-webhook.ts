import { z } from "zod";
import { WebhookBody } from "./endpoint-schemas.ts";

/**
 * docs/consumers/api.md#signatures-and-replays: a delivery whose `endTime` is older than this is refused as a possible
 * replay.
 */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** A Fetch `Headers` object or a plain record such as Node's `IncomingHttpHeaders`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifiedWebhook =
  | {
      ok: true;
      payload: WebhookBody;
      deliveryId: string;
      factId: string;
      version: number;
      /**
       * docs/consumers/api.md#the-factupdated-event: receivers dedupe on delivery id, fact id and version; a
       * re-delivery has the same key.
       */
      dedupeKey: string;
    }
  | { ok: false; reason: string };

const headerOf = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof Headers !== "undefined" && headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers as Record<string, string | string[] | undefined>).find(
    ([key]) => key.toLowerCase() === name,
  );
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
};

const hexBytes = (hex: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
};

/**
 * For receivers, in Node 20+ and browsers alike (WebCrypto): checks a `fact.updated` delivery before anything acts on
 * it. The `X-Facts-Signature` HMAC-SHA256 over the exact raw body is checked by `crypto.subtle.verify`, which compares
 * in constant time; then the body must be a valid UpdateAction whose `endTime` is within 5 minutes of `now`, and the
 * headers must agree with it. Returns the dedupe key to record.
 */
export const verifyFactsWebhook = async (
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  now: Date = new Date(),
): Promise<VerifiedWebhook> => {
  const body = typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : new Uint8Array(rawBody);
  const signature = /^sha256=([0-9a-f]{64})$/i.exec(headerOf(headers, "x-facts-signature")?.trim() ?? "");
  if (!signature) return { ok: false, reason: "missing or malformed X-Facts-Signature header" };
  const key = await globalThis.crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  if (!(await globalThis.crypto.subtle.verify("HMAC", key, hexBytes(signature[1]!), body)))
    return { ok: false, reason: "the signature does not match the body" };

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { ok: false, reason: "the body is not JSON" };
  }
  const parsed = WebhookBody.safeParse(json);
  if (!parsed.success)
    return { ok: false, reason: `the body is not a fact.updated UpdateAction: ${z.prettifyError(parsed.error)}` };
  const payload = parsed.data;

  const age = now.getTime() - Date.parse(payload.endTime);
  if (age > REPLAY_WINDOW_MS)
    return { ok: false, reason: `endTime ${payload.endTime} is more than 5 minutes old: refused as a possible replay` };
  if (-age > REPLAY_WINDOW_MS)
    return { ok: false, reason: `endTime ${payload.endTime} is more than 5 minutes ahead of this receiver's clock` };

  const deliveryId = headerOf(headers, "x-facts-delivery") ?? "";
  if (!z.uuid().safeParse(deliveryId).success)
    return { ok: false, reason: "missing or malformed X-Facts-Delivery header" };
  if (headerOf(headers, "x-facts-event") !== "fact.updated")
    return { ok: false, reason: "X-Facts-Event is not fact.updated" };
  const factId = payload.object.identifier;
  const version = payload.object.version;
  if (headerOf(headers, "x-facts-fact-id") !== factId)
    return { ok: false, reason: "X-Facts-Fact-Id does not match the body" };
  if (headerOf(headers, "x-facts-version") !== String(version))
    return { ok: false, reason: "X-Facts-Version does not match the body" };

  return { ok: true, payload, deliveryId, factId, version, dedupeKey: `${deliveryId}:${factId}:${version}` };
};
