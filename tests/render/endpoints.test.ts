import { describe, expect, it } from "vitest";
import { ENDPOINTS, type Endpoint, endpointOf, placedInOrder, renderEndpoint } from "../../src/render/endpoints.ts";
import type { SiteModel } from "../../src/render/site-model.ts";

describe("the endpoint records", () => {
  it("declare each path once", () => {
    const paths = ENDPOINTS.map((endpoint) => endpoint.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("serve a path as a router would: a path without parameters before a template", () => {
    expect(endpointOf("/api/v1/places/index.json")?.path).toBe("/api/v1/places/index.json");
    expect(endpointOf("/api/v1/places/kamloops.json")?.path).toBe("/api/v1/places/{id}.json");
    expect(endpointOf("/api/v1/places/a/b.json")).toBeUndefined();
    expect(endpointOf("/api/v1/places/kamloops.jsonx")).toBeUndefined();
  });
});

describe("placedInOrder", () => {
  it("gives a record's item where it is placed, and the records not placed after, in the records' order", () => {
    const [first, second, ...others] = ENDPOINTS;
    const placed = placedInOrder((endpoint) => endpoint.path);
    expect(placed.at(second!.path)).toEqual([second!.path]);
    expect(placed.rest()).toEqual([first!.path, ...others.map((endpoint) => endpoint.path)]);
    expect(() => placed.at(second!.path)).toThrow(/placed twice/);
    expect(() => placed.at("/api/v1/nowhere.json")).toThrow(/no record/);
  });

  it("leaves out a record without an item", () => {
    const placed = placedInOrder((endpoint) => endpoint.manifestKey);
    expect(placed.rest()).toEqual(ENDPOINTS.flatMap((endpoint) => endpoint.manifestKey ?? []));
  });
});

describe("renderEndpoint", () => {
  it("refuses a file at a path the record does not serve", () => {
    const stray: Endpoint = {
      ...ENDPOINTS[0]!,
      path: "/api/v1/stray.json",
      render: () => new Map([["/api/v1/facts/index.json", "{}"]]),
    };
    expect(() => [...renderEndpoint(stray, {} as SiteModel)]).toThrow(
      "the renderer of /api/v1/stray.json produced /api/v1/facts/index.json",
    );
  });
});
