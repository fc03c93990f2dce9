import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as client from "../../packages/client/src/index.ts";
import { publishedFacts, withPremiumFixture } from "../client/published-facts.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

/**
 * The calculator examples of docs/consumers/client.md, run as written on the project's facts: each `expr; // → value`
 * line is checked, so the page cannot drift from what the client computes.
 */
const page = await readFile(path.join(PROJECT_ROOT, "docs/consumers/client.md"), "utf8");
const section = page.slice(page.indexOf("## Calculators"), page.indexOf("## Verifying"));
const examples = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!);

const CHECK = /^(.*);\s*\/\/ → (.*)$/;
const AsyncFunction = (async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<void>;

let catalog: client.FactCatalog;
beforeAll(async () => {
  const { catalog: published } = await publishedFacts();
  // The premium schedule comes from the fixture until cmhc.mortgage_insurance_premiums is published.
  catalog = published.facts.some((fact) => fact.id === "cmhc.mortgage_insurance_premiums")
    ? published
    : withPremiumFixture(published);
});

describe("docs/consumers/client.md calculator examples", () => {
  it("has one example or more for each calculator, each importing what it uses", () => {
    const code = examples.join("\n");
    for (const name of [
      "propertyTransferTax",
      "minimumDownPayment",
      "qualifyingRate",
      "mortgageInsurancePremium",
      "homeOwnerGrant",
      "mortgagePayment",
      "amortizationSchedule",
      "maxPrincipal",
      "monthlyPayment",
      "affordability",
      "cashToClose",
      "gstOnNewHome",
      "rentIncrease",
      "flippingTax",
      "depositInterest",
      "depositReturnDeadline",
      "noticeReceived",
      "tenancyNotice",
      "capitalExpenditureIncrease",
      "rentersTaxCredit",
    ]) {
      expect(code, name).toMatch(
        new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "@bc-real-estate-facts/client";`),
      );
      expect(code, name).toMatch(new RegExp(`\\b${name}\\(`));
    }
  });

  it.each(examples.map((code, index) => [index + 1, code] as const))(
    "example %d gives the values it shows",
    async (_index, code) => {
      const checks: Array<{ line: string; actual: unknown; expected: unknown }> = [];
      const body = code
        .split("\n")
        .filter((line) => !line.startsWith("import "))
        .map((line) => {
          const match = CHECK.exec(line);
          return match ? `__check(${JSON.stringify(line)}, ${match[1]}, ${match[2]});` : line;
        })
        .join("\n");
      const exported = Object.entries(client).filter(([name]) => /^[A-Za-z_$][\w$]*$/.test(name));
      const names = exported.map(([name]) => name);
      const run = new AsyncFunction("catalog", "__check", ...names, body);
      await run(
        catalog,
        (line: string, actual: unknown, expected: unknown) => checks.push({ line, actual, expected }),
        ...exported.map(([, value]) => value),
      );
      expect(checks.length).toBeGreaterThan(0);
      for (const check of checks) expect(check.actual, check.line).toEqual(check.expected);
    },
  );
});
