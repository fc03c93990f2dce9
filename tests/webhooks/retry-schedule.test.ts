import { describe, expect, it } from "vitest";
import { createMailer } from "../../src/lib/mailer.ts";
import { nextRetryAt, RETRY_SCHEDULE_MS, retryOffsetMs } from "../../src/webhooks/delivery.ts";
import { runDeliveries } from "../../src/webhooks/run-deliveries.ts";
import { fakeClock, runContext, seed, subscriber } from "./helpers/fixtures.ts";
import { startReceiver, status } from "./helpers/receiver.ts";
import { startSmtpServer } from "./helpers/smtp.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("the retry schedule", () => {
  const middle = () => 0.5;
  const at = (iso: string) => Date.parse(iso);

  it("retries 1 min, 5 min, 15 min, 1 h, 6 h and 24 h after the first failure, then gives up: a 24-hour window", () => {
    const first = at("2026-11-22T09:00:00.000Z");
    // Each retry fails when it is made: the next is counted from the first failure, not from the last.
    const times: (string | undefined)[] = [];
    let failedAt = first;
    for (let failed = 1; failed <= 7; failed++) {
      const next = nextRetryAt(failed, first, failedAt, undefined, middle);
      times.push(next === undefined ? undefined : new Date(next).toISOString());
      if (next !== undefined) failedAt = next;
    }
    expect(times).toEqual([
      "2026-11-22T09:01:00.000Z",
      "2026-11-22T09:05:00.000Z",
      "2026-11-22T09:15:00.000Z",
      "2026-11-22T10:00:00.000Z",
      "2026-11-22T15:00:00.000Z",
      "2026-11-23T09:00:00.000Z",
      undefined,
    ]);
    // Retry-After pushes a retry later, never sooner than its step, and never more than 24 h away.
    expect(nextRetryAt(1, first, first, 30_000, middle)).toBe(first + MINUTE);
    expect(nextRetryAt(1, first, first, 10 * MINUTE, middle)).toBe(first + 10 * MINUTE);
    expect(nextRetryAt(5, first, first + HOUR, 100 * HOUR, middle)).toBe(first + HOUR + 24 * HOUR);
    // A step already past when the attempt ends (a slow attempt) is made at once.
    expect(nextRetryAt(2, first, first + 10 * MINUTE, undefined, middle)).toBe(first + 10 * MINUTE);
  });

  it("moves every step by up to ±20%, never out of the schedule's order", () => {
    const lowest = RETRY_SCHEDULE_MS.map((_, index) => retryOffsetMs(index + 1, () => 0)!);
    const highest = RETRY_SCHEDULE_MS.map((_, index) => retryOffsetMs(index + 1, () => 1 - Number.EPSILON)!);
    expect(lowest).toEqual(RETRY_SCHEDULE_MS.map((step) => step * 0.8));
    expect(highest).toEqual(RETRY_SCHEDULE_MS.map((step) => step * 1.2));
    for (let step = 0; step + 1 < RETRY_SCHEDULE_MS.length; step++)
      expect(highest[step]!).toBeLessThan(lowest[step + 1]!);
    // Drawn for real: 2,000 per step, all within the bounds, and spread across them rather than at one point.
    for (const [index, step] of RETRY_SCHEDULE_MS.entries()) {
      const drawn = Array.from({ length: 2_000 }, () => retryOffsetMs(index + 1)!);
      expect(Math.min(...drawn)).toBeGreaterThanOrEqual(step * 0.8);
      expect(Math.max(...drawn)).toBeLessThanOrEqual(step * 1.2);
      expect(new Set(drawn).size).toBeGreaterThan(100);
      expect(Math.max(...drawn) - Math.min(...drawn)).toBeGreaterThan(step * 0.3);
    }
  });

  it("runs a failing delivery through every retry to dead, then emails the subscriber once", async () => {
    const receiver = await startReceiver(status(500));
    const smtp = await startSmtpServer();
    const clock = fakeClock("2026-11-22T09:00:00.000Z");
    const mailer = createMailer(smtp.url, "facts@bc-real-estate-facts.org");
    const options = await runContext({
      ...clock,
      mailer,
      subscribers: [subscriber(receiver.url)],
      maxWaitMs: 3 * 24 * HOUR,
    });
    const [record] = await seed(options);
    const summary = await runDeliveries(options);
    mailer.close();

    const times = receiver.requests.map((request) => JSON.parse(request.body).endTime);
    expect(times).toEqual([
      "2026-11-22T09:00:00.000Z",
      "2026-11-22T09:01:00.000Z",
      "2026-11-22T09:05:00.000Z",
      "2026-11-22T09:15:00.000Z",
      "2026-11-22T10:00:00.000Z",
      "2026-11-22T15:00:00.000Z",
      "2026-11-23T09:00:00.000Z",
    ]);
    expect(new Set(receiver.requests.map((request) => request.headers["x-facts-delivery"]))).toEqual(
      new Set([record!.id]),
    );
    expect(summary).toMatchObject({
      attempts: 1 + RETRY_SCHEDULE_MS.length,
      outcomes: { dead: 1 },
      noticesSent: 1,
      nextAttemptAt: null,
    });

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.envelopeTo).toEqual(["hooks@acme.example"]);
    expect(mail.subject).toBe("BC Real Estate Facts: webhook delivery for bc.rent_cap.2026 failed");
    expect(mail.text).toContain(`bc.rent_cap.2026 v2 (delivery ${record!.id})`);
    expect(mail.text).toContain("Attempt 7 at 2026-11-23T09:00:00.000Z: HTTP 500");
    expect(mail.text).toContain("http://127.0.0.1:");
    expect(mail.text).not.toContain("t0ps3cr3tpath");

    const again = await runDeliveries({ ...options, mailer: createMailer(smtp.url) });
    expect(again.attempts).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it("keeps the notice of a dead delivery until a run has SMTP_URL", async () => {
    const smtp = await startSmtpServer();
    const clock = fakeClock();
    const options = await runContext({ ...clock, subscribers: [subscriber("https://10.0.0.1/hook")] });
    await seed(options);
    await runDeliveries(options);
    expect(options.lines.join("\n")).toContain("SMTP_URL is not set: the notice of 1 dead delivery(ies) to acme waits");
    const mailer = createMailer(smtp.url);
    const later = await runDeliveries({ ...options, mailer });
    mailer.close();
    expect(later.noticesSent).toBe(1);
    expect(smtp.messages[0]!.text).toContain("Reason: refused: 10.0.0.1 is a private address");
  });
});
