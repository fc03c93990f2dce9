import { createHmac } from "node:crypto";
import { readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { createMailer } from "../../src/lib/mailer.ts";
import { DISPATCHED_HEAD_FILE } from "../../src/webhooks/dispatch.ts";
import type { FactUpdatedEvent } from "../../src/webhooks/events.ts";
import { runDeliveries } from "../../src/webhooks/run-deliveries.ts";
import { DISABLED_FOLDER, lockStateFolder } from "../../src/webhooks/state.ts";
import { createGitRepo } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import {
  fakeClock,
  rentCapEvent,
  runContext,
  runWebhooks,
  SECRET,
  seed,
  subscriber,
  webhookEnvironment,
} from "./helpers/fixtures.ts";
import { type ReceivedRequest, startReceiver, status } from "./helpers/receiver.ts";
import { startSmtpServer } from "./helpers/smtp.ts";

const OLD_SECRET = "whsec_b2xkLXNlY3JldC1ieXRlcy1mb3Itcm90YXRpb24=";
const NEW_SECRET = "whsec_bmV3LXNlY3JldC1ieXRlcy1mb3Itcm90YXRpb24=";
const DAY = 24 * 60 * 60 * 1000;

/** Standard Webhooks verification with a stock library, as a receiver holding `secret` does it. */
const verifiesWith = (secret: string, request: ReceivedRequest): boolean => {
  try {
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

describe("delivery identity", () => {
  it("makes one delivery of a change that two dispatches over different commit ranges both carry", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.rent_cap.2026", domain: "rental", value: 1 });
    await repo.writeFact({ id: "bc.other", domain: "tax", value: 1 });
    const base = await repo.commit("first versions");
    await repo.writeFact({ id: "bc.rent_cap.2026", domain: "rental", value: 2, version: 2 });
    const change = await repo.commit("the change");
    // A commit after it that changes no watched field: the second dispatch's range ends here, as after a cancelled run.
    await repo.writeFact({ id: "bc.brand_new", domain: "tax" });
    const later = await repo.commit("a new fact");

    const receiver = await startReceiver(status(204));
    const { env, state } = await webhookEnvironment([
      { id: "acme", url: receiver.url, secret: SECRET, email: "hooks@acme.example" },
    ]);
    const first = await runWebhooks(
      ["dispatch", "--base", base, "--head", change, "--root", repo.root, "--wait", "0"],
      { env },
    );
    expect(first.code).toBe(0);
    // Without the record of the first dispatch's head, the second compares from `base` too, so its range carries the
    // change again.
    await rm(path.join(state, DISPATCHED_HEAD_FILE));
    const second = await runWebhooks(
      ["dispatch", "--base", base, "--head", later, "--root", repo.root, "--wait", "0"],
      { env },
    );
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout, second.stdout).toContain(
      "1 delivery(ies) for 1 subscriber(s); 1 already known from an earlier run",
    );
    expect(receiver.requests).toHaveLength(1);
  });
});

describe("the state folder's lock", () => {
  it("makes a second command wait for the one holding it, then refuse with a clear message, and never write beside it", async () => {
    const receiver = await startReceiver(status(204));
    const { env, state } = await webhookEnvironment([
      { id: "acme", url: receiver.url, secret: SECRET, email: "hooks@acme.example" },
    ]);
    // The test holds the lock, as a webhooks command running beside would, for as long as the second command takes to
    // be refused, however slow the machine (proper-lockfile keeps it fresh meanwhile).
    const release = await lockStateFolder(state, 0);
    const held = readdirSync(state, { recursive: true }).sort();
    const refused = await runWebhooks(["retry"], {
      env: { ...env, FACTS_WEBHOOK_LOCK_WAIT_SECONDS: "1" },
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${state} is locked by another webhooks command`);
    expect(refused.stderr).toContain("waited 1 s");
    expect(readdirSync(state, { recursive: true }).sort()).toEqual(held);

    // A command given time to wait runs once the lock is released.
    const waiting = runWebhooks(["retry"], {
      env: { ...env, FACTS_WEBHOOK_LOCK_WAIT_SECONDS: String(LIMITS.answer / 1000) },
    });
    await release();
    const waited = await waiting;
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stdout).toContain("retry: 0 attempt(s)");
    expect(receiver.requests).toHaveLength(0);
  });
});

describe("subscriber controls", () => {
  it("rotates a secret: during the overlap a receiver holding only the old secret and one holding only the new both verify", async () => {
    const oldOnly = await startReceiver(status(204));
    const newOnly = await startReceiver(status(204));
    const until = new Date(Date.now() + DAY).toISOString();
    const rotating = { secret: NEW_SECRET, previous_secret: OLD_SECRET, previous_secret_until: until };
    const options = await runContext({
      now: () => new Date(),
      subscribers: [
        subscriber(oldOnly.url, { id: "legacy", ...rotating }),
        subscriber(newOnly.url, { id: "switched", ...rotating }),
      ],
    });
    await seed(options);
    expect((await runDeliveries(options)).outcomes.delivered).toBe(2);
    const [toOld] = oldOnly.requests as [ReceivedRequest];
    const [toNew] = newOnly.requests as [ReceivedRequest];
    expect(String(toOld.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifiesWith(OLD_SECRET, toOld)).toBe(true);
    expect(verifiesWith(NEW_SECRET, toNew)).toBe(true);
    // X-Facts-Signature keeps the previous secret during the overlap, so a receiver that has not switched keeps
    // working.
    const oldKey = Buffer.from(OLD_SECRET, "utf8");
    expect(toOld.headers["x-facts-signature"]).toBe(
      `sha256=${createHmac("sha256", oldKey).update(toOld.body).digest("hex")}`,
    );

    // After the overlap only the new secret signs.
    const after = await runContext({
      now: () => new Date(Date.parse(until) + 1_000),
      subscribers: [subscriber(oldOnly.url, { id: "legacy", ...rotating })],
    });
    await seed(after, [{ ...rentCapEvent, version: 3 }]);
    await runDeliveries(after);
    const late = oldOnly.requests[1]!;
    expect(String(late.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(late.headers["x-facts-signature"]).toBe(
      `sha256=${createHmac("sha256", Buffer.from(NEW_SECRET, "utf8")).update(late.body).digest("hex")}`,
    );
  });

  it("sends each subscriber only the domains and facts it asked for", async () => {
    const receiver = await startReceiver(status(204));
    const taxEvent: FactUpdatedEvent = { ...rentCapEvent, factId: "bc.ptt.general" };
    const options = await runContext({
      subscribers: [
        subscriber(`${receiver.url}&who=taxes`, { id: "taxes", domains: ["tax"] }),
        subscriber(`${receiver.url}&who=one-fact`, { id: "one-fact", fact_ids: ["bc.rent_cap.2026"] }),
        subscriber(`${receiver.url}&who=both`, { id: "both", domains: ["strata"], fact_ids: ["bc.ptt.general"] }),
        subscriber(`${receiver.url}&who=all`, { id: "all" }),
      ],
    });
    const { planDeliveries } = await import("../../src/webhooks/dispatch.ts");
    const plan = planDeliveries([rentCapEvent, taxEvent], options.subscribers, {
      changedAt: "2026-11-21T18:30:00.000Z",
      baseUrl: "https://facts.example.org",
      createdAt: options.now(),
      domainOf: (factId) => (factId === "bc.ptt.general" ? "tax" : "rental"),
    });
    for (const stored of plan.events) await options.store.addEvent(stored);
    for (const record of plan.records) await options.store.write(record);
    await runDeliveries(options);
    const received = receiver.requests
      .map(
        (request) =>
          `${new URL(request.url, "http://x").searchParams.get("who")} ${request.headers["x-facts-fact-id"]}`,
      )
      .sort();
    expect(received).toEqual([
      "all bc.ptt.general",
      "all bc.rent_cap.2026",
      "both bc.ptt.general",
      "one-fact bc.rent_cap.2026",
      "taxes bc.ptt.general",
    ]);
  });

  it("pings an endpoint with a signed fact.ping event and the headers of a delivery, and says whether it took it", async () => {
    const receiver = await startReceiver(status(204), status(500));
    const { env } = await webhookEnvironment([
      { id: "acme", url: receiver.url, secret: SECRET, email: "hooks@acme.example" },
    ]);
    const ok = await runWebhooks(["ping", "--subscriber", "acme"], { env });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^ping acme \(delivery [0-9a-f-]{36}\): HTTP 204$/m);
    const [ping] = receiver.requests as [ReceivedRequest];
    expect(ping.headers["x-facts-event"]).toBe("fact.ping");
    expect(ping.headers["x-facts-delivery"]).toBe(ping.headers["webhook-id"]);
    expect(JSON.parse(ping.body)).toMatchObject({ name: "fact.ping" });
    expect(verifiesWith(SECRET, ping)).toBe(true);
    expect(ping.headers["x-facts-signature"]).toBe(
      `sha256=${createHmac("sha256", Buffer.from(SECRET, "utf8")).update(ping.body).digest("hex")}`,
    );

    const failing = await runWebhooks(["ping", "--subscriber", "acme"], { env });
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain("HTTP 500 -- the endpoint did not accept it");
    const unknown = await runWebhooks(["ping", "--subscriber", "nobody"], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no subscriber "nobody" in FACTS_WEBHOOK_SUBSCRIBERS');
    // The guard applies to pings as to deliveries: nothing is sent to a loopback address that is not allowed.
    const guarded = await runWebhooks(["ping", "--subscriber", "acme"], {
      env: { ...env, FACTS_WEBHOOK_ALLOW_HOSTS: "" },
    });
    expect(guarded.code).toBe(1);
    expect(guarded.stdout).toContain("refused");
    expect(receiver.requests).toHaveLength(2);
  });

  it("redelivers a subscriber's deliveries since a date under their original ids", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.a", value: 1 });
    await repo.writeFact({ id: "bc.b", value: 1 });
    const base = await repo.commit("first");
    await repo.writeFact({ id: "bc.a", value: 2, version: 2 });
    await repo.writeFact({ id: "bc.b", value: 2, version: 2 });
    const head = await repo.commit("second");
    const receiver = await startReceiver(status(204));
    const other = await startReceiver(status(204));
    const { env } = await webhookEnvironment([
      { id: "acme", url: receiver.url, secret: SECRET, email: "hooks@acme.example" },
      { id: "zenith", url: other.url, secret: NEW_SECRET, email: "ops@zenith.example" },
    ]);
    expect(
      (await runWebhooks(["dispatch", "--base", base, "--head", head, "--root", repo.root, "--wait", "0"], { env }))
        .code,
    ).toBe(0);
    const firstIds = receiver.requests.map((request) => request.headers["x-facts-delivery"]).sort();
    expect(firstIds).toHaveLength(2);

    const again = await runWebhooks(["redeliver", "--subscriber", "acme", "--since", "2000-01-01"], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      "redeliver acme since 2000-01-01: 2 delivery(ies) sent again under their original ids",
    );
    expect(
      receiver.requests
        .slice(2)
        .map((request) => request.headers["x-facts-delivery"])
        .sort(),
    ).toEqual(firstIds);
    expect(other.requests).toHaveLength(2);

    const none = await runWebhooks(["redeliver", "--subscriber", "acme", "--since", "2999-01-01"], { env });
    expect(none.stdout).toContain("0 delivery(ies) sent again");
    expect(receiver.requests).toHaveLength(4);
  });

  it("disables a subscriber whose deliveries have all failed for five days, emails it once, and sends again once its marker is removed", async () => {
    let healthy = false;
    const receiver = await startReceiver((_request, response) => response.writeHead(healthy ? 204 : 500).end());
    const smtp = await startSmtpServer();
    const clock = fakeClock("2026-11-01T09:00:00.000Z");
    const mailer = createMailer(smtp.url, "facts@bc-real-estate-facts.org");
    const options = await runContext({ ...clock, mailer, subscribers: [subscriber(receiver.url)], maxWaitMs: 3 * DAY });
    await seed(options);
    // The first delivery fails through its schedule (24 hours) and dies: one dead-delivery notice.
    expect((await runDeliveries(options)).disabled).toEqual([]);
    expect(smtp.messages).toHaveLength(1);

    // Four days later another change fails too, but the failures began less than five days ago.
    clock.advance(3 * DAY);
    await seed(options, [{ ...rentCapEvent, version: 3 }]);
    expect((await runDeliveries({ ...options, maxWaitMs: 0 })).disabled).toEqual([]);

    // Past five days of failures: disabled at the next failure, named in the summary, emailed once.
    clock.advance(DAY + 60 * 60 * 1000);
    const summary = await runDeliveries({ ...options, maxWaitMs: 0 });
    expect(summary.disabled).toEqual(["acme"]);
    expect(options.lines.join("\n")).toContain(
      "subscriber acme disabled: every delivery has failed since 2026-11-01T09:00:00.000Z",
    );
    const notice = smtp.messages.find((message) => message.subject?.includes("are disabled"));
    expect(notice?.envelopeTo).toEqual(["hooks@acme.example"]);
    expect(notice?.text).toContain("has failed\nsince 2026-11-01T09:00:00.000Z");
    const sent = receiver.requests.length;

    // Nothing is sent while disabled, and the email is not sent again.
    await seed(options, [{ ...rentCapEvent, version: 4 }]);
    clock.advance(DAY);
    expect((await runDeliveries({ ...options, maxWaitMs: 0 })).disabled).toEqual([]);
    expect(receiver.requests).toHaveLength(sent);
    expect(smtp.messages.filter((message) => message.subject?.includes("are disabled"))).toHaveLength(1);
    // The version-3 delivery, closed when the subscriber was disabled, and the version-4 one, planned while it was.
    expect((await options.store.list()).filter((record) => record.status === "disabled")).toHaveLength(2);

    // Removing the marker enables it again with a fresh five days: one more failure does not disable it at once.
    await rm(path.join(options.store.directory, DISABLED_FOLDER, "acme.json"));
    expect(options.store.summary("acme").failingSince).toBeUndefined();
    await seed(options, [{ ...rentCapEvent, version: 5 }]);
    expect((await runDeliveries({ ...options, maxWaitMs: 0 })).disabled).toEqual([]);
    expect(receiver.requests).toHaveLength(sent + 1);
    // And once it answers, the next change is delivered.
    healthy = true;
    await seed(options, [{ ...rentCapEvent, version: 6 }]);
    const enabled = await runDeliveries({ ...options, maxWaitMs: 0 });
    mailer.close();
    expect(enabled.outcomes.delivered).toBe(1);
    expect(receiver.requests).toHaveLength(sent + 2);
    expect(options.store.summary("acme").failingSince).toBeUndefined();
  });
});
