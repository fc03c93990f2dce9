import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as client from "../../packages/client/src/index.ts";
import { publishedFacts, withPremiumFixture } from "../client/published-facts.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startServer } from "../server/start-server.ts";

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

describe("docs/consumers/client.md plain fetch of one fact", () => {
  const section = page.slice(page.indexOf("## A plain `fetch`"), page.indexOf("## The type of each fact's value"));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const FILE = "api/v1/facts/by-id/bc.ptt.brackets.json";

  it("prints the fact's label, value, effective date and address as published, and throws for an unknown id", async () => {
    expect(code).toContain(`fetch("https://facts.example.org/${FILE}")`);
    // The server answers from the published file; a tree of that file alone starts at once (it compresses every file).
    const root = await tempDir();
    await mkdir(path.join(root, path.dirname(FILE)), { recursive: true });
    await copyFile(path.join(frozenSite().out, FILE), path.join(root, FILE));
    const { origin } = await startServer(root);
    /** The example as written, against that server instead of the host it names. */
    const run = async (id: string) => {
      const logged: unknown[][] = [];
      const body = code.replace("https://facts.example.org", origin).replace("bc.ptt.brackets", id);
      await new AsyncFunction("console", body)({ log: (...values: unknown[]) => logged.push(values) });
      return logged;
    };
    const { fact } = JSON.parse(await readFile(path.join(root, FILE), "utf8"));
    expect(await run("bc.ptt.brackets")).toEqual([[fact.label, fact.value, fact.effective_iso, fact.canonical_url]]);
    await expect(run("bc.no_such_fact")).rejects.toThrow("answered 404");
  });
});
