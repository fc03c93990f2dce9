import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildModel, writeSite } from "../../src/build/build-model.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { before2027, rollOver, SERIES } from "../helpers/rent-cap-series.ts";
import { type Connection, connectToServer, textOf } from "./connect.ts";

const BASE = "https://facts.example.org";

/**
 * The MCP server on a tree built on 2027-01-10 from a repository where the 2027 rent cap took over from the 2026 one.
 */
describe("npm run mcp on a yearly series after its roll-over", () => {
  let parent: string;
  let server: Connection;

  beforeAll(async () => {
    const repo = await before2027();
    await rollOver(repo);
    parent = await mkdtemp(path.join(os.tmpdir(), "facts-mcp-series-"));
    const out = path.join(parent, "_site");
    await writeSite(renderSite(await buildModel(repo.root, { baseUrl: BASE, today: "2027-01-10" })), out);
    server = await connectToServer(out);
  });

  afterAll(async () => {
    await server?.client.close();
    await rm(parent, { recursive: true, force: true });
  });

  it("get_fact with the series name answers the member in force and says it resolved the alias", async () => {
    const result = await server.call("get_fact", { id: SERIES });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      id: "bc.rent_cap.2027",
      value: { rent_year: 2027, max_increase_rate: 0.02, applies_to_increases_effective_from_iso: "2027-01-01" },
      canonical_url: `${BASE}/api/v1/facts/by-id/bc.rent_cap.2027.json`,
      resolved_from_series: {
        series: SERIES,
        as_of: "2027-01-10",
        members: [
          { id: "bc.rent_cap.2027", year: 2027, in_force: true, superseded_by: null },
          {
            id: "bc.rent_cap.2026",
            year: 2026,
            in_force: false,
            superseded_by: "bc.rent_cap.2027",
            superseded_iso: "2027-01-01",
          },
        ],
      },
    });
    const lines = textOf(result).split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "bc.rent_cap is a yearly series; its member in force on 2027-01-10 is bc.rent_cap.2027. Every member, newest first:",
      "  - bc.rent_cap.2027 (2027): effective 2027-01-01, in force",
      "  - bc.rent_cap.2026 (2026): effective 2026-01-01, superseded by bc.rent_cap.2027 on 2027-01-01",
    ]);
    expect(lines).toContain(`canonical URL (cite it): ${BASE}/api/v1/facts/by-id/bc.rent_cap.2027.json`);
  });

  it("get_fact with a member's own id answers that member, superseded, without resolving anything", async () => {
    const result = await server.call("get_fact", { id: "bc.rent_cap.2026" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      id: "bc.rent_cap.2026",
      superseded_by: { id: "bc.rent_cap.2027", effective_iso: "2027-01-01" },
    });
    expect(result.structuredContent).not.toHaveProperty("resolved_from_series");
  });
});
