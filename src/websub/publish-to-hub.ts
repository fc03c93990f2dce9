import { Agent, request } from "undici";
import { SERVICE, type Urls } from "../lib/config.ts";
import { printableText } from "../lib/text.ts";

/**
 * The topics a hub is told about: every feed the build writes, by the address it names as its own (`rel="self"`),
 * since a WebSub topic is the feed's self URL. `factIds` are the facts the build writes a per-fact feed for.
 */
export const feedTopics = (urls: Urls, factIds: readonly string[]): string[] => [
  urls.feed,
  urls.upcomingFeed,
  urls.changesFeed,
  ...factIds.map((id) => urls.factFeed(id)),
];

/** A hub's answer is read this far for the error message and no further: only its status matters. */
export const MAX_HUB_ANSWER_BYTES = 4 * 1024;
/** How much of a refusing hub's answer the message quotes. */
const QUOTED_ANSWER_CHARACTERS = 200;
export const DEFAULT_HUB_TIMEOUT_MS = 10_000;
/** Requests in flight at once: enough to notify every feed in a few seconds, few enough not to look like a flood. */
export const DEFAULT_HUB_CONCURRENCY = 4;

export interface HubNotice {
  topic: string;
  ok: boolean;
  /** `HTTP 204`, or why the hub did not take the notice: its status and the start of its answer, or the error. */
  detail: string;
}

const errorText = (error: unknown): string => {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 3; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === "string" && !current.message.includes(code) ? `${code}: ${current.message}` : current.message);
  }
  return printableText(parts.join(" <- ") || String(error));
};

/** The start of an answer as one printable line: a hub's text is shown, never interpreted. */
const quoteAnswer = (bytes: Buffer): string => {
  const text = printableText(bytes.toString("utf8").replace(/\s+/g, " ").trim());
  return text.length > QUOTED_ANSWER_CHARACTERS ? `${text.slice(0, QUOTED_ANSWER_CHARACTERS)}…` : text;
};

/**
 * Tells the WebSub hub at `hub` that each topic changed: one POST per topic with the form body `hub.mode=publish`
 * and `hub.url=<topic>`, the publishing convention of the public hubs (the WebSub Recommendation leaves how a
 * publisher notifies its hub to the hub). A 2xx answer is success; any other status, a redirect included (it is not
 * followed), is a failure quoting the start of the answer. Each exchange, connecting and reading included, ends after
 * `timeoutMs`, and an answer is read up to {@link MAX_HUB_ANSWER_BYTES}, so a hub that never answers, drips bytes or
 * sends an endless body costs one timeout per topic at most. Never throws: every failure is a notice naming its topic.
 */
export const publishToHub = async (
  hub: string,
  topics: readonly string[],
  options: { timeoutMs?: number; concurrency?: number } = {},
): Promise<HubNotice[]> => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_HUB_TIMEOUT_MS;
  const dispatcher = new Agent({
    connections: options.concurrency ?? DEFAULT_HUB_CONCURRENCY,
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  const notify = async (topic: string): Promise<HubNotice> => {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const answer = await request(hub, {
        method: "POST",
        dispatcher,
        signal,
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": `${SERVICE.slug}-websub/1.0` },
        body: new URLSearchParams({ "hub.mode": "publish", "hub.url": topic }).toString(),
      });
      const chunks: Buffer[] = [];
      let received = 0;
      try {
        for await (const chunk of answer.body) {
          const bytes = chunk as Buffer;
          chunks.push(bytes);
          received += bytes.length;
          if (received >= MAX_HUB_ANSWER_BYTES) break;
        }
      } catch {
        // A body cut off or too slow is not the verdict: the status already is, and it is reported below.
      } finally {
        answer.body.on("error", () => undefined);
        answer.body.destroy();
      }
      const status = answer.statusCode;
      if (status >= 200 && status < 300) return { topic, ok: true, detail: `HTTP ${status}` };
      const quoted = quoteAnswer(Buffer.concat(chunks).subarray(0, MAX_HUB_ANSWER_BYTES));
      return { topic, ok: false, detail: `HTTP ${status}${quoted ? `: ${quoted}` : " (empty answer)"}` };
    } catch (error: unknown) {
      return { topic, ok: false, detail: signal.aborted ? `no complete answer within ${timeoutMs / 1000} s` : errorText(error) };
    }
  };

  const notices: HubNotice[] = new Array(topics.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < topics.length) {
      const index = next++;
      notices[index] = await notify(topics[index]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? DEFAULT_HUB_CONCURRENCY, topics.length) }, worker));
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
  return notices;
};

/** A failed notice as one line naming the hub and the feed. */
export const describeFailure = (hub: string, notice: HubNotice): string => `${hub}: the hub did not take the update of ${notice.topic}: ${notice.detail}`;
