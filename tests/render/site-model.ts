import { buildModel } from "../../src/build/build-model.ts";
import type { SiteModel } from "../../src/render/site-model.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { dataToday } from "./data-today.ts";

export const TEST_BASE_URL = "https://facts.example.org";

/** The real model of this repository (facts/ and its git history), built once per test file. */
export const realModel = async (): Promise<SiteModel> =>
  buildModel(PROJECT_ROOT, { baseUrl: TEST_BASE_URL, today: await dataToday(PROJECT_ROOT) });
