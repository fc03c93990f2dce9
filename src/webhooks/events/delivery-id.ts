import { createHash } from "node:crypto";
import type { FactUpdatedEvent } from "./fact-updated-event.ts";

/** The namespace of delivery ids: the UUIDv5 of `urn:bc-real-estate-facts:webhook-delivery` in the URL namespace. */
export const DELIVERY_NAMESPACE = "e52a8b63-4d75-5427-ae9c-124a5a3df150";

/** An RFC 9562 UUIDv5: SHA-1 of the namespace bytes and the name, with the version and variant bits set. */
export const uuidV5 = (name: string, namespace: string): string => {
  const namespaceBytes = Buffer.from(namespace.replaceAll("-", ""), "hex");
  if (namespaceBytes.length !== 16) throw new Error(`not a UUID: ${namespace}`);
  const bytes = createHash("sha1").update(namespaceBytes).update(name, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** JSON with every object's keys sorted, so equal values always give the same text. */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value);
};

/**
 * The SHA-256 (hex) of what a change made: the fact, its version and the new value of each changed field. Two
 * dispatches whose commit ranges carry the same change get the same hash; two re-verifications of one version that
 * moved its dates differently get different ones.
 */
export const changeHash = (event: FactUpdatedEvent): string => {
  let hash = changeHashes.get(event);
  if (hash === undefined) {
    const changed = Object.fromEntries(Object.entries(event.diff).map(([field, change]) => [field, change?.to]));
    hash = createHash("sha256")
      .update(canonicalJson({ factId: event.factId, version: event.version, changed }))
      .digest("hex");
    changeHashes.set(event, hash);
  }
  return hash;
};

/** Every subscriber's delivery of a change asks for its hash: it is computed once per event object. */
const changeHashes = new WeakMap<FactUpdatedEvent, string>();

/** The name of a change in the delivery state, under which its event is stored once: its hash's first 12 digits. */
export const eventKey = (event: FactUpdatedEvent): string => changeHash(event).slice(0, 12);

/**
 * The `X-Facts-Delivery` id of one change for one subscriber: derived from the subscriber, the fact, the version and
 * the change's hash, never from the commits that carried it. A retry, a restart after a crash, a re-run of the same
 * dispatch and a later dispatch over another commit range with the same change all find the same delivery.
 */
export const deliveryId = (subscriberId: string, event: FactUpdatedEvent): string =>
  uuidV5([subscriberId, event.factId, String(event.version), changeHash(event)].join("\n"), DELIVERY_NAMESPACE);
