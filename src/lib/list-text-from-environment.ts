import { readFile } from "node:fs/promises";
import { type Environment, readVariable } from "./environment.ts";

/**
 * The text of a list given inline in the variable `name` (a repository secret in the workflows) or in the file that
 * `<name>_FILE` names, with where it came from for error messages; undefined when neither is set, an error when both are.
 */
export const listTextFromEnvironment = async (
  name: "FACTS_WEBHOOK_SUBSCRIBERS" | "FACTS_DIGEST_SUBSCRIBERS",
  environment: Environment,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<{ text: string; source: string } | undefined> => {
  const inline = readVariable(name, environment);
  const file = readVariable(`${name}_FILE`, environment);
  if (inline && file) throw new Error(`set ${name} or ${name}_FILE, not both`);
  if (inline) return { text: inline, source: name };
  if (!file) return undefined;
  try {
    return { text: await read(file), source: file };
  } catch (error: unknown) {
    throw new Error(`${name}_FILE: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
};
