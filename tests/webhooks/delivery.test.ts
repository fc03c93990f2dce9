import { verify as verifyGithubStyle } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyFactsWebhook } from "../../packages/client/src/index.ts";
import { WebhookBody } from "../../src/schemas/index.ts";
import { RETRY_SCHEDULE_MS } from "../../src/webhooks/delivery.ts";
import { runDeliveries } from "../../src/webhooks/run-deliveries.ts";
import { fakeClock, RAW_SECRET, rentCapEvent, runContext, SECRET, seed, subscriber } from "./helpers/fixtures.ts";
import { startReceiver, status } from "./helpers/receiver.ts";

const realClock = { now: () => new Date() };

describe("a delivery to a real receiver", () => {
  it("POSTs the headers and body of docs/consumers/api.md#the-factupdated-event, verifiable with @octokit/webhooks-methods, standardwebhooks and verifyFactsWebhook", async () => {
    const receiver = await startReceiver(status(204));
    const options = await runContext({ ...realClock, subscribers: [subscriber(receiver.url)] });
    const before = Date.now();
    const [record] = await seed(options);
    const summary = await runDeliveries(options);
    const after = Date.now();

    expect(summary.outcomes.delivered).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/hooks/facts?token=t0ps3cr3tpath");
    expect(request.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "bc-real-estate-facts-webhook/1.0",
      "x-facts-delivery": record!.id,
      "x-facts-event": "fact.updated",
      "x-facts-fact-id": "bc.rent_cap.2026",
      "x-facts-version": "2",
      "webhook-id": record!.id,
    });
    expect(request.headers["x-facts-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    expect(await verifyGithubStyle(SECRET, request.body, request.headers["x-facts-signature"] as string)).toBe(true);
    expect(
      await verifyGithubStyle("another-secret-entirely", request.body, request.headers["x-facts-signature"] as string),
    ).toBe(false);
    const standard = new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>);
    expect(standard).toEqual(JSON.parse(request.body));
    const verified = await verifyFactsWebhook(request.body, request.headers, SECRET);
    expect(verified).toMatchObject({
      ok: true,
      deliveryId: record!.id,
      factId: "bc.rent_cap.2026",
      version: 2,
      dedupeKey: `${record!.id}:bc.rent_cap.2026:2`,
    });

    const body = WebhookBody.parse(JSON.parse(request.body));
    expect(body).toEqual({
      "@context": "https://schema.org",
      "@type": "UpdateAction",
      actionStatus: "CompletedActionStatus",
      agent: {
        "@type": "Person",
        name: "BC Real Estate Facts",
        alternateName: "bc-real-estate-facts",
        url: "https://facts.example.org/",
      },
      startTime: "2026-11-21T18:30:00.000Z",
      endTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      object: {
        "@type": "Dataset",
        "@id": "https://facts.example.org/#bc.rent_cap.2026",
        identifier: "bc.rent_cap.2026",
        version: 2,
        previousVersion: 1,
        current: rentCapEvent.current,
        previous: rentCapEvent.previous,
        diff: rentCapEvent.diff,
        url: "https://facts.example.org/api/v1/facts/by-id/bc.rent_cap.2026.json",
      },
      result: { "@type": "Dataset", "@id": "https://facts.example.org/changelog.html" },
      license: "https://creativecommons.org/licenses/by/4.0/",
    });
    // The event is stamped with the moment of the run, on the real clock.
    expect(Date.parse(body.endTime)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.endTime)).toBeLessThanOrEqual(after);
    expect(Number(request.headers["webhook-timestamp"])).toBe(Math.floor(Date.parse(body.endTime) / 1000));
  });

  it("signs a non-whsec secret with its own bytes, which stock libraries read in raw format", async () => {
    const receiver = await startReceiver(status(200));
    const options = await runContext({ ...realClock, subscribers: [subscriber(receiver.url, { secret: RAW_SECRET })] });
    await seed(options);
    await runDeliveries(options);
    const request = receiver.requests[0]!;
    expect(() =>
      new Webhook(RAW_SECRET, { format: "raw" }).verify(request.body, request.headers as Record<string, string>),
    ).not.toThrow();
    expect(await verifyGithubStyle(RAW_SECRET, request.body, request.headers["x-facts-signature"] as string)).toBe(
      true,
    );
  });

  it("retries a 500 after one minute under the same delivery id, with a fresh endTime and signature", async () => {
    const receiver = await startReceiver(status(500), status(200));
    const clock = fakeClock();
    const options = await runContext({ ...clock, subscribers: [subscriber(receiver.url)], maxWaitMs: 10 * 60_000 });
    const [record] = await seed(options);
    const summary = await runDeliveries(options);

    expect(summary).toMatchObject({ attempts: 2, outcomes: { delivered: 1 }, nextAttemptAt: null });
    const [first, second] = receiver.requests;
    expect(first!.headers["x-facts-delivery"]).toBe(record!.id);
    expect(second!.headers["x-facts-delivery"]).toBe(record!.id);
    const ends = [first!, second!].map((request) => Date.parse(JSON.parse(request.body).endTime));
    expect(ends[1]! - ends[0]!).toBe(RETRY_SCHEDULE_MS[0]);
    expect(second!.headers["x-facts-signature"]).not.toBe(first!.headers["x-facts-signature"]);
    expect(await verifyFactsWebhook(second!.body, second!.headers, SECRET, new Date(ends[1]! + 1000))).toMatchObject({
      ok: true,
      dedupeKey: `${record!.id}:bc.rent_cap.2026:2`,
    });

    const [stored] = await options.store.list();
    expect(stored!.status).toBe("delivered");
    expect(
      stored!.attempts.map((attempt) => (attempt.outcome?.kind === "response" ? attempt.outcome.status : undefined)),
    ).toEqual([500, 200]);
    expect(options.lines.join("\n")).toMatch(/attempt 1: HTTP 500 -> retrying at 2026-11-22T09:01:00\.000Z/);
  });

  it("gives up on a receiver that hangs after the timeout and schedules a retry", async () => {
    const receiver = await startReceiver(() => undefined);
    const options = await runContext({ ...realClock, subscribers: [subscriber(receiver.url)], timeoutMs: 300 });
    const [record] = await seed(options);
    // The delivery's own timeout is short; a run that never gave up would end the test at its time limit.
    const summary = await runDeliveries(options);
    expect(receiver.requests).toHaveLength(1);
    expect(summary.outcomes.retrying).toBe(1);
    expect(options.lines.join("\n")).toContain(
      `delivery ${record!.id} (acme, bc.rent_cap.2026 v2) attempt 1: timeout: no complete answer within 0.3 s -> retrying`,
    );
  });

  it("treats a refused connection as a failed attempt", async () => {
    const receiver = await startReceiver();
    await receiver.close();
    const options = await runContext({ ...realClock, subscribers: [subscriber(receiver.url)] });
    await seed(options);
    const summary = await runDeliveries(options);
    expect(summary.outcomes.retrying).toBe(1);
    expect(options.lines.join("\n")).toMatch(/attempt 1: connection error: .*ECONNREFUSED.* -> retrying/);
  });

  it("honours Retry-After within the schedule: later than the step, never past 24 h", async () => {
    const receiver = await startReceiver(
      status(503, { "Retry-After": "600" }),
      status(429, { "Retry-After": "999999" }),
      status(200),
    );
    const clock = fakeClock();
    const options = await runContext({
      ...clock,
      subscribers: [subscriber(receiver.url)],
      maxWaitMs: 2 * 24 * 3600_000,
    });
    await seed(options);
    await runDeliveries(options);
    const times = receiver.requests.map((request) => Date.parse(JSON.parse(request.body).endTime));
    expect(times[1]! - times[0]!).toBe(600_000);
    expect(times[2]! - times[1]!).toBe(24 * 3600_000);
  });

  it("stops every delivery to a subscriber that answers 410 Gone, now and in later runs", async () => {
    const gone = await startReceiver(status(410));
    const other = await startReceiver(status(200));
    const options = await runContext({
      ...realClock,
      concurrency: 1,
      subscribers: [subscriber(gone.url, { id: "left" }), subscriber(other.url, { id: "stays" })],
    });
    const second = { ...rentCapEvent, factId: "bc.pds" };
    await seed(options, [rentCapEvent, second]);
    const summary = await runDeliveries(options);
    expect(gone.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(2);
    expect(summary.outcomes).toMatchObject({ gone: 2, delivered: 2 });
    expect([...(await options.store.goneSubscribers()).keys()]).toEqual(["left"]);
    expect(options.lines.join("\n")).toContain("subscriber left answered 410 Gone");
  });

  it("reads at most 64 KiB of an endless answer", async () => {
    // An answer of up to 1 GiB, sent as fast as it is read: a delivery that read it all would take it all.
    let written = 0;
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/plain" });
      const chunk = Buffer.alloc(16 * 1024, 120);
      const pump = (): void => {
        while (!response.destroyed && written < 1024 * 1024 * 1024) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        if (!response.destroyed) response.end();
      };
      pump();
    });
    const options = await runContext({ ...realClock, subscribers: [subscriber(receiver.url)] });
    await seed(options);
    const summary = await runDeliveries(options);
    expect(summary.outcomes.delivered).toBe(1);
    // It stopped reading: the receiver got no further than what the socket buffers hold, far from its gigabyte.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });
});
