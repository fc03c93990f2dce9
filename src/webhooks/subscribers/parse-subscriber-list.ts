import { z } from "zod";
import { parseJsonDocument } from "../../model/json-document.ts";

/**
 * Parses a JSON array of subscriber entries and reports every problem at once, each naming the entry's index
 * (and its `id` or `email` when it has one) and the field. Messages never quote the input: it may hold secrets.
 * Entries whose `key` repeats an earlier one's are refused.
 */
export const parseSubscriberList = <T>(text: string, source: string, schema: z.ZodType<T>, shape: string, key: (entry: T) => string): T[] => {
  const document = parseJsonDocument(source, text);
  if (document.syntaxProblems.length > 0) {
    const first = document.syntaxProblems[0]!;
    throw new Error(`${source}: ${first.message} at line ${first.line}, column ${first.column}`);
  }
  const list = z.array(z.unknown()).safeParse(document.value);
  if (!list.success) throw new Error(`${source}: must be a JSON array of subscribers (${shape})`);

  const problems: string[] = [];
  const entries: T[] = [];
  const seen = new Map<string, number>();
  list.data.forEach((entry, index) => {
    const named = entry as { id?: unknown; email?: unknown } | null;
    const name = typeof named?.id === "string" ? named.id : typeof named?.email === "string" ? named.email : undefined;
    const label = `subscriber ${index}${name === undefined ? "" : ` ("${name.slice(0, 64)}")`}`;
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? issue.path.join(".") : "(the entry)";
        const message = issue.code === "unrecognized_keys" ? `unknown field(s) ${issue.keys.join(", ")}` : issue.message;
        problems.push(`${label}: ${field}: ${message}`);
      }
      return;
    }
    const earlier = seen.get(key(parsed.data));
    if (earlier !== undefined) problems.push(`${label}: the same subscriber as subscriber ${earlier}`);
    else seen.set(key(parsed.data), index);
    entries.push(parsed.data);
  });
  if (problems.length > 0) throw new Error(`${source} has ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  return entries;
};
