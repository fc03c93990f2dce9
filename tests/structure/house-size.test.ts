import { describe, expect, it } from "vitest";
import { measureHouse } from "../../bench/house-size.ts";

describe("the size of the house (npm run house-size)", () => {
  it("keeps a fact edit, from pull request to webhook, within 80 files, and small files at most a tenth of the code", async () => {
    const house = await measureHouse();
    expect(house.fact_edit_path.files, house.fact_edit_path.list.join("\n")).toBeLessThanOrEqual(80);
    expect(house.fact_edit_path.list).toContain("actions/validate/main.ts");
    expect(house.fact_edit_path.list).toContain("src/webhooks/dispatch.ts");
    // The client's entry is opened on the way to the exports the path uses; a calculator it only re-exports is not.
    expect(house.fact_edit_path.list).toContain("packages/client/src/index.ts");
    expect(house.fact_edit_path.list).not.toContain("packages/client/src/calculators/affordability.ts");
    expect(house.small_files / house.production_files, house.small_list.join("\n")).toBeLessThanOrEqual(0.1);
  });
});
