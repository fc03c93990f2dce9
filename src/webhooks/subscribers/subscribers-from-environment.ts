import { type Environment } from "../../lib/environment.ts";
import { readFile } from "node:fs/promises";
import { listTextFromEnvironment } from "../../lib/list-text-from-environment.ts";
import { parseSubscribers } from "./parse-subscribers.ts";
import type { Subscriber } from "./subscriber.ts";

/**
 * The subscribers from FACTS_WEBHOOK_SUBSCRIBERS (JSON, a repository secret in the workflow) or from the file
 * named by FACTS_WEBHOOK_SUBSCRIBERS_FILE. Neither set means no subscribers.
 */
export const subscribersFromEnvironment = async (
  environment: Environment = process.env,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<Subscriber[]> => {
  const list = await listTextFromEnvironment("FACTS_WEBHOOK_SUBSCRIBERS", environment, read);
  return list ? parseSubscribers(list.text, list.source) : [];
};
