import { describe, expect, it } from "vitest";
import { parseWholeNumber } from "../../src/lib/command.ts";
import { readWholeNumber } from "../../src/lib/environment.ts";
import { errorMessage, UsageError } from "../../src/lib/errors.ts";

describe("parseWholeNumber", () => {
  it("reads decimal digits within the bounds", () => {
    expect(parseWholeNumber("0", "--limit")).toBe(0);
    expect(parseWholeNumber("65535", "PORT", { max: 65_535 })).toBe(65_535);
  });

  it.each([
    ["-1", '--limit must be a whole number, got "-1"', {}],
    ["1.5", '--limit must be a whole number, got "1.5"', {}],
    ["0x10", '--limit must be a whole number, got "0x10"', {}],
    ["1e3", '--limit must be a whole number, got "1e3"', {}],
    ["", '--limit must be a whole number, got ""', {}],
    ["0", '--limit must be a whole number of 1 or more, got "0"', { min: 1 }],
    ["65536", '--limit must be a whole number from 0 to 65535, got "65536"', { max: 65_535 }],
    ["99999999999999999999", '--limit must be a whole number, got "99999999999999999999"', {}],
  ])("refuses %j as a usage error naming the argument", (text, message, bounds) => {
    expect(() => parseWholeNumber(text, "--limit", bounds)).toThrow(new UsageError(message));
  });

  it("reads a setting, falling back when it is unset or empty", () => {
    expect(readWholeNumber("FACTS_WEBHOOK_RETENTION_DAYS", 35, {}, {})).toBe(35);
    expect(readWholeNumber("FACTS_WEBHOOK_RETENTION_DAYS", 35, {}, { FACTS_WEBHOOK_RETENTION_DAYS: "" })).toBe(35);
    expect(readWholeNumber("FACTS_WEBHOOK_RETENTION_DAYS", 35, {}, { FACTS_WEBHOOK_RETENTION_DAYS: "7" })).toBe(7);
    expect(() =>
      readWholeNumber("FACTS_WEBHOOK_RETENTION_DAYS", 35, {}, { FACTS_WEBHOOK_RETENTION_DAYS: "a week" }),
    ).toThrow('FACTS_WEBHOOK_RETENTION_DAYS must be a whole number, got "a week"');
  });
});

describe("errorMessage", () => {
  it("gives the message, the system error's code and the causes", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    expect(errorMessage(new Error("fetch failed", { cause: refused }))).toBe(
      "fetch failed <- connect ECONNREFUSED 127.0.0.1:9",
    );
    expect(errorMessage(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }))).toBe(
      "ECONNRESET: socket hang up",
    );
    expect(errorMessage("plain text")).toBe("plain text");
  });
});
