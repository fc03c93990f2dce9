import path from "node:path";
import { pathToFileURL } from "node:url";
import { validate } from "@hyperjump/json-schema/openapi-3-1";
import { parse } from "csv-parse/sync";
import ICAL from "ical.js";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { EXAMPLE_ITEMS, publishedExample } from "../../src/render/api/openapi-examples.ts";
import { ENDPOINTS } from "../../src/render/endpoints.ts";
import { frozenSite, readTree } from "../helpers/build-site.ts";

/**
 * The examples of the published OpenAPI description (src/render/api/openapi-examples.ts): every GET operation has one,
 * it validates against the operation's response schema, and it is the file the same build published at the path its
 * parameters' examples name, whole or cut as its description says.
 */
const { out } = frozenSite();
const tree = await readTree(out);
const text = (urlPath: string): string => tree.get(urlPath)!.toString("utf8");
const documentFile = path.join(out, ".well-known/openapi.json");

/** A JSON value, as the validator takes it. */
type Json = Parameters<Awaited<ReturnType<typeof validate>>>[0];
interface Example {
  summary: string;
  description: string;
  value: Json;
}
interface Operation {
  parameters?: { name: string; schema: { enum?: unknown[] }; example?: string | number }[];
  responses: Record<string, { content?: Record<string, { schema: unknown; examples?: Record<string, Example> }> }>;
}
const openApi = JSON.parse(text(SITE_PATHS.openApi)) as { paths: Record<string, Record<string, Operation>> };

/** Every operation of the description with its 200 response's one media type and example. */
const operations = Object.entries(openApi.paths).flatMap(([template, item]) =>
  Object.entries(item).map(([method, operation]) => {
    const [mediaType, content] = Object.entries(operation.responses["200"]?.content ?? {})[0] ?? [];
    const [examplePath, example] = Object.entries(content?.examples ?? {})[0] ?? [];
    return { template, method, operation, mediaType, examplePath, example };
  }),
);

/** A JSON pointer as a URI fragment, to address a schema inside the published document. */
const fragment = (tokens: readonly string[]): string =>
  tokens.map((token) => `/${encodeURIComponent(token.replaceAll("~", "~0").replaceAll("/", "~1"))}`).join("");

/**
 * The pointers of the lists `example` holds fewer items of than `published` (its first ones), or an error naming the
 * first place the two differ otherwise.
 */
const cutsBetween = (example: unknown, published: unknown, at = ""): string[] => {
  if (Array.isArray(example) && Array.isArray(published)) {
    const cut = example.length < published.length;
    if (cut) expect(example.length, `${at}: a cut list keeps ${EXAMPLE_ITEMS} items`).toBe(EXAMPLE_ITEMS);
    expect(example.length <= published.length, `${at}: the example has more items than the file`).toBe(true);
    return [
      ...(cut ? [at] : []),
      ...example.flatMap((item, index) => cutsBetween(item, published[index], `${at}/${index}`)),
    ];
  }
  if (typeof example === "object" && example !== null && typeof published === "object" && published !== null) {
    expect(Object.keys(example), at || "/").toEqual(Object.keys(published));
    return Object.entries(example).flatMap(([key, value]) =>
      cutsBetween(value, (published as Record<string, unknown>)[key], `${at}/${key}`),
    );
  }
  expect(example, at || "/").toEqual(published);
  return [];
};

/** The pointers a cut example's description names (`*` for every member), `""` for the file's own list. */
const statedCuts = (description: string): string[] => {
  const stated = description.split("cut to fit: ")[1] ?? "";
  return [...(stated.startsWith("the file's list") ? [""] : []), ...(stated.match(/\/[^\s,]+/g) ?? [])];
};
const matches = (pointer: string, stated: string): boolean => {
  const [tokens, pattern] = [pointer.split("/"), stated.split("/")];
  return tokens.length === pattern.length && pattern.every((token, index) => token === "*" || token === tokens[index]);
};

/** A feed's items, and its own fields beside them. */
const feedOf = async (xml: string) => {
  const { items, ...feed } = await new Parser().parseString(xml);
  return { feed, items };
};
const calendarOf = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    properties: calendar.getAllProperties().map((property) => property.toICALString()),
    events: calendar.getAllSubcomponents("vevent").map((event) => event.toString()),
  };
};
const csvRecords = (csv: string): string[][] => parse(csv);

/** The values at a pointer's tokens, `*` standing for every member. */
const listsAt = (value: unknown, tokens: readonly string[]): unknown[] => {
  const [token, ...rest] = tokens;
  if (token === undefined) return [value];
  if (typeof value !== "object" || value === null) return [];
  const record = value as Record<string, unknown>;
  const members = token === "*" ? Object.values(record) : token in record ? [record[token]] : [];
  return members.flatMap((member) => listsAt(member, rest));
};

/** Whether `example` is `published` with one stretch of it left out (the items after the kept ones). */
const isPublishedWithAStretchLeftOut = (example: string, published: string): boolean => {
  let common = 0;
  while (common < example.length && example[common] === published[common]) common += 1;
  return published.endsWith(example.slice(common));
};

describe("the OpenAPI description's examples", () => {
  it("give every GET operation an example, made for its parameters' examples", () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const { template, method, operation, mediaType, examplePath, example } of operations) {
      expect(method, template).toBe("get");
      expect(mediaType, `${template} has no 200 response`).toBeDefined();
      expect(example, `${template} has no example`).toBeDefined();
      expect(Object.keys(operation.responses["200"]!.content![mediaType!]!.examples!), template).toHaveLength(1);
      let filled = template;
      for (const parameter of operation.parameters ?? []) {
        expect(parameter.example, `${template} {${parameter.name}}`).toBeDefined();
        if (parameter.schema.enum !== undefined)
          expect(parameter.schema.enum, `${template} {${parameter.name}}`).toContain(parameter.example);
        filled = filled.replace(`{${parameter.name}}`, String(parameter.example));
      }
      expect(examplePath, template).toBe(filled);
      expect(tree.has(examplePath!), `${examplePath} is not published`).toBe(true);
    }
  });

  it("validate against their operation's response schema, through a third-party OpenAPI validator", async () => {
    const documentUrl = pathToFileURL(documentFile).href;
    for (const { template, mediaType, example } of operations) {
      const schema = ["paths", template, "get", "responses", "200", "content", mediaType!, "schema"];
      const validator = await validate(`${documentUrl}#${fragment(schema)}`);
      expect(validator(example!.value).valid, `${template} (${mediaType})`).toBe(true);
    }
  });

  it("fail that validation when an example breaks its schema", async () => {
    const schema = ["paths", "/api/v1/facts/by-id/{id}.json", "get", "responses", "200", "content", "application/json"];
    const validator = await validate(`${pathToFileURL(documentFile).href}#${fragment([...schema, "schema"])}`);
    const { example } = operations.find(({ template }) => template === "/api/v1/facts/by-id/{id}.json")!;
    const broken = structuredClone(example!.value) as { fact: Record<string, Json> };
    delete broken.fact.citations;
    expect(validator(broken).valid).toBe(false);
  });

  it("are each the JSON file the build published, whole or with the lists their description names cut", () => {
    let cut = 0;
    for (const { template, mediaType, examplePath, example } of operations) {
      if (mediaType !== "application/json" || examplePath === SITE_PATHS.openApi) continue;
      const cuts = cutsBetween(example!.value, JSON.parse(text(examplePath!)));
      if (cuts.length === 0) {
        expect(example!.summary, template).toBe("As published");
        expect(example!.description, template).toBe(`The file this build published at ${examplePath}, whole.`);
        continue;
      }
      cut += 1;
      expect(example!.summary, template).toBe("As published, cut");
      const stated = statedCuts(example!.description);
      for (const pointer of cuts)
        expect(
          stated.some((named) => matches(pointer, named)),
          `${template}: ${pointer} is cut, and its description says ${example!.description}`,
        ).toBe(true);
    }
    // The catalog, the bundles, llms.json, the manifest, the indexes...: a file that lists everything is cut.
    expect(cut).toBeGreaterThan(8);
  });

  it("show the description itself by its head, as published", () => {
    const published = JSON.parse(text(SITE_PATHS.openApi));
    const { example } = operations.find(({ template }) => template === SITE_PATHS.openApi)!;
    const head = example!.value as Record<string, unknown>;
    expect(Object.keys(head)).toEqual(["openapi", "info", "servers"]);
    for (const [key, value] of Object.entries(head)) expect(value, key).toEqual(published[key]);
    expect(example!.description).toContain("its paths, webhooks and components are left out");
  });

  it("are each the feed, calendar or table the build published, or its first items as their description says", async () => {
    const kinds = new Set<string>();
    for (const { template, mediaType, examplePath, example } of operations) {
      if (mediaType === "application/json") continue;
      kinds.add(mediaType!);
      const [shown, published] = [example!.value as string, text(examplePath!)];
      expect(isPublishedWithAStretchLeftOut(shown, published), template).toBe(true);
      let [kept, all]: [unknown[], unknown[]] = [[], []];
      if (mediaType === "application/rss+xml" || mediaType === "application/atom+xml") {
        const [a, b] = [await feedOf(shown), await feedOf(published)];
        expect(a.feed, template).toEqual(b.feed);
        [kept, all] = [a.items, b.items];
      } else if (mediaType === "text/calendar") {
        const [a, b] = [calendarOf(shown), calendarOf(published)];
        expect(a.properties, template).toEqual(b.properties);
        [kept, all] = [a.events, b.events];
      } else {
        expect(mediaType, template).toBe("text/csv");
        const [a, b] = [csvRecords(shown), csvRecords(published)];
        expect(a[0], `${template} header`).toEqual(b[0]);
        [kept, all] = [a.slice(1), b.slice(1)];
      }
      expect(kept, template).toEqual(all.slice(0, EXAMPLE_ITEMS));
      if (all.length > EXAMPLE_ITEMS) {
        expect(example!.summary, template).toBe("As published, cut");
        expect(example!.description, template).toMatch(new RegExp(`cut to fit: .*first ${EXAMPLE_ITEMS} `));
      } else {
        expect(shown, template).toBe(published);
        expect(example!.summary, template).toBe("As published");
      }
    }
    expect([...kinds].sort()).toEqual(["application/atom+xml", "application/rss+xml", "text/calendar", "text/csv"]);
  });

  it("cut only lists their file has: every list a record names is in its example's file", () => {
    for (const endpoint of ENDPOINTS.filter(({ exampleCuts }) => exampleCuts !== undefined)) {
      const { examplePath } = operations.find(({ template }) => template === endpoint.path)!;
      const published = JSON.parse(text(examplePath!));
      for (const pointer of endpoint.exampleCuts!) {
        const lists = pointer === "" ? [published] : listsAt(published, pointer.slice(1).split("/"));
        expect(lists.length, `${endpoint.path} ${pointer}`).toBeGreaterThan(0);
        for (const list of lists) expect(Array.isArray(list), `${endpoint.path} ${pointer}`).toBe(true);
      }
    }
  });

  it("refuse a list that is not one, naming the file and the pointer", () => {
    expect(() =>
      publishedExample("/api/v1/facts/index.json", '{"facts":{"a":1}}\n', {
        mediaType: "application/json",
        cuts: ["/facts"],
      }),
    ).toThrow('/api/v1/facts/index.json: the OpenAPI example cuts a list at "/facts", not one');
  });
});
