import { describe, expect, it } from "vitest";
import { buildWebhookBody, webhookBodyBytes } from "../../src/webhooks/events.ts";
import { rentCapEvent } from "./helpers/fixtures.ts";

describe("the body bytes of an attempt", () => {
  it("are the UTF-8 bytes of JSON.stringify of the body, byte for byte, at every attempt and for every base URL and change time", () => {
    // A fact value that holds an endTime of its own must not be mistaken for the body's; text outside ASCII on
    // both sides of endTime must keep its UTF-8 bytes.
    const event = {
      ...rentCapEvent,
      current: {
        ...rentCapEvent.current,
        value: { endTime: "2026-01-01T00:00:00.000Z", max_increase: 0.023, note: "Loi sur la location — café" },
      },
    };
    const contexts = [
      {
        baseUrl: "https://facts.example.org",
        changedAt: "2026-11-21T18:30:00.000Z",
        sentAt: new Date("2026-11-22T09:00:00.000Z"),
      },
      {
        baseUrl: "https://facts.example.org",
        changedAt: "2026-11-21T18:30:00.000Z",
        sentAt: new Date("2026-11-23T10:11:12.345Z"),
      },
      {
        baseUrl: "http://localhost:8080",
        changedAt: "2026-11-21T18:30:00.000Z",
        sentAt: new Date("2026-11-23T10:11:12.345Z"),
      },
      {
        baseUrl: "http://localhost:8080",
        changedAt: "2026-11-20T00:00:00.000Z",
        sentAt: new Date("2026-11-24T00:00:00.000Z"),
      },
    ];
    for (const context of contexts)
      expect(webhookBodyBytes(event, context)).toEqual(
        Buffer.from(JSON.stringify(buildWebhookBody(event, context)), "utf8"),
      );
  });
});
