import type { AttemptOutcome } from "../state/index.ts";
import type { WebhookRequest } from "./build-webhook-request.ts";
import { AnswerTimeoutError, type PinnedClient } from "./pinned-client.ts";

/** A `Retry-After` header (delay in seconds, or an HTTP date) as seconds from `now`; undefined when absent or unreadable. */
export const parseRetryAfter = (header: string | string[] | undefined, now: Date): number | undefined => {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
};

/** Receivers' answers are read this far and no further: only the status matters, and a huge body must not stall the dispatcher. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export const DEFAULT_TIMEOUT_MS = 10_000;

const errorCode = (error: unknown): string => {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 3; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === "string" && !current.message.includes(code) ? `${code}: ${current.message}` : current.message);
  }
  return parts.join(" <- ") || String(error);
};

/**
 * One HTTP attempt: POST to the vetted address, the whole exchange (connect, answer, reading) bounded by `timeoutMs`.
 * Never throws; a timeout and a connection error are outcomes like any status.
 */
export const sendWebhook = async (
  client: PinnedClient,
  target: { url: URL; address: string },
  request: WebhookRequest,
  options: { timeoutMs?: number; now: () => Date },
): Promise<AttemptOutcome> => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const answer = await client.post(target.url, target.address, request, { timeoutMs, maxAnswerBytes: MAX_ANSWER_BYTES });
    const retryAfterSeconds = parseRetryAfter(answer.headers["retry-after"], options.now());
    return { kind: "response", status: answer.statusCode, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
  } catch (error: unknown) {
    if (error instanceof AnswerTimeoutError) return { kind: "timeout", message: error.message };
    return { kind: "error", message: errorCode(error) };
  }
};
