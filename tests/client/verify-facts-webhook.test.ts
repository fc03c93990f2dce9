import { describe, expect, it } from "vitest";
import { verifyFactsWebhook } from "../../packages/client/src/index.ts";
import { buildWebhookRequest } from "../../src/webhooks/delivery.ts";
import { planDeliveries } from "../../src/webhooks/dispatch.ts";
import { rentCapEvent, SECRET } from "../webhooks/helpers/fixtures.ts";

const sentAt = new Date("2026-11-22T09:00:00.000Z");
const [record] = planDeliveries([rentCapEvent], [{ id: "acme" }], {
  changedAt: "2026-11-21T18:30:00.000Z",
  baseUrl: "https://facts.example.org",
  createdAt: sentAt,
  domainOf: () => "rental",
}).records;
const request = buildWebhookRequest(record!, { current: SECRET }, sentAt);
const rawBody = request.body.toString("utf8");
const seconds = (count: number) => new Date(sentAt.getTime() + count * 1000);

describe("verifyFactsWebhook, for receivers", () => {
  it("accepts a genuine delivery and returns the dedupe key of delivery id, fact id and version", async () => {
    const result = await verifyFactsWebhook(rawBody, request.headers, SECRET, seconds(10));
    expect(result).toMatchObject({
      ok: true,
      deliveryId: record!.id,
      factId: "bc.rent_cap.2026",
      version: 2,
      dedupeKey: `${record!.id}:bc.rent_cap.2026:2`,
    });
    expect((await verifyFactsWebhook(request.body, new Headers(request.headers), SECRET, seconds(10))).ok).toBe(true);
  });

  it("gives the same dedupe key to a re-delivery signed hours later", async () => {
    const later = new Date(sentAt.getTime() + 6 * 3600_000);
    const retry = buildWebhookRequest(record!, { current: SECRET }, later);
    const first = await verifyFactsWebhook(rawBody, request.headers, SECRET, seconds(1));
    const second = await verifyFactsWebhook(retry.body, retry.headers, SECRET, new Date(later.getTime() + 1000));
    expect(first.ok && second.ok && first.dedupeKey === second.dedupeKey).toBe(true);
  });

  it.each([
    [
      "a tampered body",
      rawBody.replace("0.023", "0.5"),
      request.headers,
      SECRET,
      seconds(1),
      "the signature does not match the body",
    ],
    [
      "another secret",
      rawBody,
      request.headers,
      "whsec_another-secret-altogether",
      seconds(1),
      "the signature does not match the body",
    ],
    [
      "no signature",
      rawBody,
      { ...request.headers, "X-Facts-Signature": "" },
      SECRET,
      seconds(1),
      "missing or malformed X-Facts-Signature header",
    ],
    ["a replay after 5 minutes", rawBody, request.headers, SECRET, seconds(301), "more than 5 minutes old"],
    ["an endTime from the future", rawBody, request.headers, SECRET, seconds(-301), "more than 5 minutes ahead"],
    [
      "a header that disagrees with the body",
      rawBody,
      { ...request.headers, "X-Facts-Version": "3" },
      SECRET,
      seconds(1),
      "X-Facts-Version does not match the body",
    ],
    [
      "another fact id in the header",
      rawBody,
      { ...request.headers, "X-Facts-Fact-Id": "bc.pds" },
      SECRET,
      seconds(1),
      "X-Facts-Fact-Id does not match the body",
    ],
    [
      "a malformed delivery id",
      rawBody,
      { ...request.headers, "X-Facts-Delivery": "42" },
      SECRET,
      seconds(1),
      "missing or malformed X-Facts-Delivery header",
    ],
  ])("refuses %s", async (_name, body, headers, secret, now, reason) => {
    const result = await verifyFactsWebhook(body, headers, secret, now);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toContain(reason);
  });
});
