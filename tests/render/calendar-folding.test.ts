import ical from "ical-generator";
import { describe, expect, it } from "vitest";
import { calendarText, foldCalendarLines } from "../../src/render/feeds/feed-formats.ts";

/**
 * calendarText folds the lines itself (foldCalendarLines) rather than leave it to ical-generator, whose folding
 * encoded every character on its own (bench/build-scale.bench.ts): the text must be the library's, byte for byte.
 */
const LONG = `Résumé 😀 ${"a rule that reads on ".repeat(6)}${"é".repeat(80)}${"x".repeat(73)}😀😀 \ud800 end`;

describe("the calendar's line folding", () => {
  it("folds every line as ical-generator does, multi-byte characters and surrogate pairs included", () => {
    const lines = [
      "",
      "short",
      "x".repeat(74),
      "x".repeat(75),
      "x".repeat(200),
      `${"x".repeat(73)}é${"y".repeat(10)}`,
      `${"x".repeat(73)}😀${"y".repeat(80)}`,
      LONG,
      "é".repeat(300),
      `lone ${"\udc00".repeat(40)} surrogates ${"\ud83d".repeat(30)}`,
    ];
    const text = `${lines.join("\r\n")}\r\n`;
    // The library's own folding runs on a calendar's whole text: a calendar's name is one line of it.
    for (const line of lines.filter((each) => each !== "")) {
      const reference = ical({ name: line }).toString();
      const unfoldedName = `X-WR-CALNAME:${line}`;
      const folded = foldCalendarLines(unfoldedName);
      expect(reference).toContain(`\r\n${folded}\r\n`);
    }
    expect(foldCalendarLines(text).split("\r\n").length).toBeGreaterThanOrEqual(lines.length);
  });

  it("writes the same calendar text as ical-generator folding the whole calendar", () => {
    const events = [0, 1, 2].map((index) => ({
      uid: `event-${index}@facts.example.org`,
      date: `2026-01-0${index + 1}`,
      stamp: "2026-01-01T10:00:00Z",
      summary: LONG.slice(index * 7).replace("\ud800", ""),
      description: `${LONG.replace("\ud800", "")}\nA second line ${"é".repeat(index * 13)}`,
      page: `https://facts.example.org/facts/${"a".repeat(80 + index)}.html`,
      json: "https://facts.example.org/api/v1/facts/by-id/x.json",
      category: "tax",
    }));
    const calendar = {
      self: "https://facts.example.org/api/v1/facts/changes.ics",
      product: "changes",
      name: "Changes é",
      description: "Every change ".repeat(10),
      events,
    };
    const mine = calendarText(calendar);
    // What ical-generator writes and folds itself, with the same calendar and events.
    const document = ical({
      name: calendar.name,
      description: calendar.description,
      prodId: { company: "bc-real-estate-facts", product: calendar.product, language: "EN" },
      url: calendar.self,
      ttl: 60 * 60 * 24,
    });
    for (const event of events)
      document.createEvent({
        id: event.uid,
        start: new Date(`${event.date}T00:00:00Z`),
        end: new Date(`2026-01-0${Number(event.date.slice(-1)) + 1}T00:00:00Z`),
        allDay: true,
        stamp: new Date(event.stamp),
        sequence: Math.floor(Date.parse(event.stamp) / 60_000),
        summary: event.summary,
        description: event.description,
        url: event.page,
        attachments: [event.json],
        categories: [{ name: event.category }],
      });
    const reference = document.toString();
    // The product id names the service, which this test does not hard-code: compare from the line after it.
    const pastProductId = (text: string) => text.slice(text.indexOf("\r\n", text.indexOf("PRODID:")));
    expect(pastProductId(mine)).toBe(pastProductId(reference));
    expect(mine).toContain("\r\n ");
  });
});
