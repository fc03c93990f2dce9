import { readFile } from "node:fs/promises";
import { parseSubscribers } from "./parse-subscribers.ts";
import type { Subscriber } from "./subscriber.ts";

/**
 * The subscribers from FACTS_WEBHOOK_SUBSCRIBERS (JSON, a repository secret in the workflow) or from the file
 * named by FACTS_WEBHOOK_SUBSCRIBERS_FILE. Neither set means no subscribers.
 */
export const subscribersFromEnvironment = async (
  environment: NodeJS.ProcessEnv = process.env,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<Subscriber[]> => {
  const inline = environment.FACTS_WEBHOOK_SUBSCRIBERS;
  const file = environment.FACTS_WEBHOOK_SUBSCRIBERS_FILE;
  if (inline && file) throw new Error("set FACTS_WEBHOOK_SUBSCRIBERS or FACTS_WEBHOOK_SUBSCRIBERS_FILE, not both");
  if (inline) return parseSubscribers(inline, "FACTS_WEBHOOK_SUBSCRIBERS");
  if (file) {
    let text: string;
    try {
      text = await read(file);
    } catch (error: unknown) {
      throw new Error(`FACTS_WEBHOOK_SUBSCRIBERS_FILE: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return parseSubscribers(text, file);
  }
  return [];
};
