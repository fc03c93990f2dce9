import { createHash } from "node:crypto";

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

/**
 * The `X-Facts-Delivery` id of one event for one subscriber. Derived, not random, so a retry, a restart after a
 * crash and a re-run of the same dispatch all find the same delivery instead of creating another.
 */
export const deliveryId = (parts: { subscriberId: string; factId: string; version: number; headCommit: string }): string =>
  uuidV5([parts.subscriberId, parts.factId, String(parts.version), parts.headCommit].join("\n"), DELIVERY_NAMESPACE);
