import { existsSync } from "node:fs";
import { readdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDeliveryStore } from "../../src/webhooks/delivery-store.ts";
import { planDeliveries } from "../../src/webhooks/plan-deliveries.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { BASE, HEAD, rentCapEvent } from "./helpers/fixtures.ts";

const records = planDeliveries([rentCapEvent, { ...rentCapEvent, factId: "bc.pds" }, { ...rentCapEvent, factId: "bc.hbrp" }], ["acme"], {
  base: BASE,
  head: HEAD,
  changedAt: "2026-11-21T18:30:00.000Z",
  baseUrl: "https://facts.example.org",
  createdAt: new Date("2026-11-22T09:00:00.000Z"),
});

describe("the delivery store", () => {
  it("finishes or drops the writes a killed process left half done", async () => {
    const directory = await tempDir();
    const store = await createDeliveryStore(directory);
    const [kept, promoted, torn] = records;
    for (const record of records) await store.write(record!);
    const folder = path.join(directory, "deliveries");
    const fileOf = (id: string) => path.join(folder, `${id}.json`);

    // Killed after writing the new content, before unlinking the old: the old one stands.
    await writeFile(`${fileOf(kept!.id)}.next`, JSON.stringify({ ...kept, status: "delivered" }).slice(0, 40));
    // Killed between the unlink and the rename: the complete new content is promoted.
    await writeFile(`${fileOf(promoted!.id)}.next`, JSON.stringify({ ...promoted, status: "delivered" }));
    await unlink(fileOf(promoted!.id));
    // Killed while writing the very first version: nothing complete, nothing kept.
    await unlink(fileOf(torn!.id));
    await writeFile(`${fileOf(torn!.id)}.next`, "{\"id\": \"");

    const reopened = await createDeliveryStore(directory);
    expect((await readdir(folder)).filter((name) => name.endsWith(".next"))).toEqual([]);
    const byId = new Map((await reopened.list()).map((record) => [record.id, record]));
    expect(byId.get(kept!.id)?.status).toBe("pending");
    expect(byId.get(promoted!.id)?.status).toBe("delivered");
    expect(byId.has(torn!.id)).toBe(false);
    expect(existsSync(fileOf(torn!.id))).toBe(false);
  });

  it("names the file of a malformed record", async () => {
    const directory = await tempDir();
    const store = await createDeliveryStore(directory);
    await store.write(records[0]!);
    const file = path.join(directory, "deliveries", `${records[0]!.id}.json`);
    await writeFile(file, (await readFile(file, "utf8")).replace('"pending"', '"lost"'));
    await expect(store.list()).rejects.toThrow(`${file}: the delivery state is malformed: status:`);
  });
});
