import { readFile } from "node:fs/promises";
import { formatProblem } from "../lib/problem.ts";
import { parseJsonDocument } from "../model/parse-json-document.ts";
import { validateWithSchema } from "../model/validate-with-schema.ts";
import { PublicSigningKey, SigningKeySet } from "../schemas/index.ts";
import { jwkThumbprint } from "./jwk-thumbprint.ts";

/** Where the repository commits its public keys, from its root. */
export const KEYS_FILE = "keys/jwks.json";

/**
 * Reads a committed key set and checks what the schema cannot: each `kid` is its key's thumbprint and names one key.
 * Every problem is reported at once, located in the file. `missing: "empty"` reads an absent file as a set with no
 * key (a repository that has never had one); otherwise an absent file is an error.
 */
export const readSigningKeys = async (file: string, options: { missing: "empty" | "error" } = { missing: "error" }): Promise<SigningKeySet> => {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    if (options.missing === "empty") return { keys: [] };
    throw new Error(`the key set ${file} does not exist`);
  }
  const doc = parseJsonDocument(file, text);
  const { value, problems } = doc.syntaxProblems.length > 0 ? { value: undefined, problems: doc.syntaxProblems } : validateWithSchema(doc, SigningKeySet);
  // Each key that is well formed is checked even when another is not, so one run names every problem.
  const listed = (doc.value as { keys?: unknown } | undefined)?.keys;
  const seen = new Set<string>();
  for (const [index, item] of (Array.isArray(listed) ? listed : []).entries()) {
    const key = PublicSigningKey.safeParse(item);
    if (!key.success) continue;
    const thumbprint = jwkThumbprint(key.data);
    if (key.data.kid !== thumbprint) problems.push(doc.problemAt(["keys", index, "kid"], `kid must be the key's RFC 7638 thumbprint, ${thumbprint}`));
    if (seen.has(key.data.kid)) problems.push(doc.problemAt(["keys", index], `the key ${key.data.kid} is listed twice`));
    seen.add(key.data.kid);
  }
  if (problems.length > 0 || !value) {
    const located = problems.sort((a, b) => a.line - b.line || a.column - b.column);
    throw new Error(`the key set ${file} is not valid:\n${located.map(formatProblem).join("\n")}`);
  }
  return value;
};
