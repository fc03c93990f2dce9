/**
 * The `fact.updated` events: what changed between two revisions of the catalog, the body each attempt sends, and the
 * stable delivery id of a change for a subscriber.
 */
import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { SERVICE, urlsFor } from "../lib/config.ts";
import { errorMessage } from "../lib/errors.ts";
import { runGit } from "../lib/git.ts";
import { compareText } from "../lib/text.ts";
import type { FactFile } from "../schemas/index.ts";
import { FactId, WebhookBody } from "../schemas/index.ts";

const bodyObject = WebhookBody.shape.object.shape;

/**
 * The fields whose change triggers a `fact.updated` event (docs/consumers/api.md#the-factupdated-event), in the order
 * the body lists them.
 */
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

const watched = (fact: FactFile): FactUpdatedEvent["current"] => ({
  value: fact.value,
  expires_iso: fact.expires_iso,
  effective_iso: fact.effective_iso,
  ...(fact.withdrawn_iso === undefined
    ? {}
    : {
        withdrawn: {
          withdrawn_iso: fact.withdrawn_iso,
          reason: fact.withdrawn_reason ?? "",
          superseded_by: fact.superseded_by?.id ?? null,
        },
      }),
});

/**
 * One `fact.updated` event for every fact present at both revisions whose `value`, `expires_iso` or
 * `effective_iso` differs, matched by id so a fact moved between folders is still one fact, and for every fact
 * withdrawn between them (its file became a tombstone): a `fact.updated` whose `current.withdrawn` says so and whose
 * `diff` has `withdrawn_iso`, so a receiver that knows nothing of withdrawals still sees an update of the fact, with
 * a delivery id of its own. Facts added or removed between the revisions are not updates and yield no event. Sorted
 * by fact id.
 */
export const computeEvents = (before: readonly FactFile[], after: readonly FactFile[]): FactUpdatedEvent[] => {
  const previousById = new Map(before.map((fact) => [fact.id, fact]));
  const events: FactUpdatedEvent[] = [];
  for (const fact of after) {
    const previous = previousById.get(fact.id);
    if (!previous) continue;
    const diff: FactUpdatedEvent["diff"] = {};
    for (const field of WATCHED_FIELDS) {
      if (!isDeepStrictEqual(previous[field], fact[field])) diff[field] = { from: previous[field], to: fact[field] };
    }
    if (previous.withdrawn_iso !== fact.withdrawn_iso)
      diff.withdrawn_iso = { from: previous.withdrawn_iso ?? null, to: fact.withdrawn_iso ?? null };
    if (Object.keys(diff).length === 0) continue;
    events.push({
      factId: fact.id,
      version: fact.version,
      previousVersion: previous.version,
      current: watched(fact),
      previous: watched(previous),
      diff,
    });
  }
  return events.sort((a, b) => compareText(a.factId, b.factId));
};

/**
 * The Schema.org UpdateAction body of docs/consumers/api.md#the-factupdated-event for one attempt: `startTime` is when
 * the change was committed, `endTime` the attempt's own time, so a late retry still passes the receiver's 5-minute
 * replay window. Not validated here, since it runs at every attempt: planDeliveries validates each event's body once
 * against WebhookBody, and only `endTime`, always a valid instant, differs between attempts.
 */
export const buildWebhookBody = (
  event: FactUpdatedEvent,
  context: { baseUrl: string; changedAt: string; sentAt: Date },
): WebhookBody => {
  const urls = urlsFor(context.baseUrl);
  return {
    "@context": "https://schema.org",
    "@type": "UpdateAction",
    actionStatus: "CompletedActionStatus",
    agent: { "@type": "Person", name: SERVICE.name, alternateName: SERVICE.slug, url: urls.catalogPage },
    startTime: context.changedAt,
    endTime: context.sentAt.toISOString(),
    object: {
      "@type": "Dataset",
      "@id": urls.factAnchor(event.factId),
      identifier: event.factId,
      version: event.version,
      previousVersion: event.previousVersion,
      current: event.current,
      previous: event.previous,
      diff: event.diff,
      url: urls.factById(event.factId),
    },
    result: { "@type": "Dataset", "@id": urls.changelogPage },
    license: SERVICE.license,
  };
};

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
export const webhookBodyBytes = (
  event: FactUpdatedEvent,
  context: { baseUrl: string; changedAt: string; sentAt: Date },
): Buffer => {
  let template = templates.get(event);
  if (!template || template.baseUrl !== context.baseUrl || template.changedAt !== context.changedAt) {
    const text = JSON.stringify(buildWebhookBody(event, context));
    const start = text.indexOf(END_TIME) + END_TIME.length;
    const end = text.indexOf('"', start);
    template = {
      baseUrl: context.baseUrl,
      changedAt: context.changedAt,
      before: Buffer.from(text.slice(0, start)),
      after: Buffer.from(text.slice(end)),
    };
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

export interface ResolvedCommit {
  sha: string;
  /** Commit time in UTC, ISO 8601. */
  committedAt: string;
}

/** The full id and commit time of a revision, or an error that names the revision. */
export const resolveCommit = async (cwd: string, revision: string): Promise<ResolvedCommit> => {
  if (/^0+$/.test(revision)) {
    throw new Error(
      `revision ${revision} is the all-zero id GitHub sends for a new branch: there is no base to compare with`,
    );
  }
  let output: string;
  try {
    output = (await runGit(cwd, ["show", "-s", "--format=%H %ct", `${revision}^{commit}`, "--"]))
      .toString("utf8")
      .trim();
  } catch (error: unknown) {
    throw new Error(`cannot read revision "${revision}": ${errorMessage(error)}`);
  }
  const [sha = "", seconds = "0"] = output.split(" ");
  return { sha, committedAt: new Date(Number(seconds) * 1000).toISOString() };
};
