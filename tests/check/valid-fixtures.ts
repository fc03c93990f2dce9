import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { copyOrganisations } from "../helpers/git-repo.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/** The check's valid fixtures, and two of their files the rule tests edit. */
export const VALID = path.join(PROJECT_ROOT, "tests/fixtures/check/valid");
export const PTT = "facts/tax/bc.ptt.brackets.json";
export const RENT_CAP = "facts/rental/bc.rent_cap.2026.json";

/** A copy of the valid fixtures with the project's registry of organisations, as a contributor's checkout has it. */
export const fixtures = async (): Promise<string> => {
  const root = await tempDir(VALID);
  await copyOrganisations(root);
  return root;
};

export const readJson = async (root: string, file: string): Promise<Record<string, unknown>> =>
  JSON.parse(await readFile(path.join(root, file), "utf8"));
export const writeJson = (root: string, file: string, json: unknown): Promise<void> =>
  writeFile(path.join(root, file), `${JSON.stringify(json, null, 2)}\n`);
