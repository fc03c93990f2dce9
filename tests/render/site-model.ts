import { buildModel } from "../../src/build/build-model.ts";
import type { SiteModel } from "../../src/render/site-model.ts";
import { frozenData } from "../helpers/frozen-copy.ts";

export const TEST_BASE_URL = "https://facts.example.org";

/** The real model of this repository (facts/ and its git history), built once per test file. */
export const realModel = async (): Promise<SiteModel> =>
  buildModel(frozenData().root, { baseUrl: TEST_BASE_URL, today: frozenData().today });
