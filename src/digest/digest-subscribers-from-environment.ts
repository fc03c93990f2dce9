import { readFile } from "node:fs/promises";
import type { Environment } from "../lib/environment.ts";
import { listTextFromEnvironment } from "../lib/environment.ts";
import { parseSubscriberList } from "../webhooks/subscribers.ts";
import { DigestSubscriber } from "./digest-subscriber.ts";

/** The digest's recipients from FACTS_DIGEST_SUBSCRIBERS (JSON) or the file FACTS_DIGEST_SUBSCRIBERS_FILE names. */
export const digestSubscribersFromEnvironment = async (
  environment: Environment = process.env,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<DigestSubscriber[]> => {
  const list = await listTextFromEnvironment("FACTS_DIGEST_SUBSCRIBERS", environment, read);
  return list ? parseSubscriberList(list.text, list.source, DigestSubscriber, '{"email", "name"?}', (subscriber) => subscriber.email.toLowerCase()) : [];
};
