import type { AttemptOutcome } from "../state/index.ts";

/** One line for logs, state and emails. */
export const describeOutcome = (outcome: AttemptOutcome): string => {
  switch (outcome.kind) {
    case "response":
      return `HTTP ${outcome.status}${outcome.retryAfterSeconds === undefined ? "" : ` (Retry-After ${outcome.retryAfterSeconds} s)`}`;
    case "timeout":
      return `timeout: ${outcome.message}`;
    case "error":
      return `connection error: ${outcome.message}`;
    case "refused":
      return `refused: ${outcome.message}`;
    case "interrupted":
      return `interrupted: ${outcome.message}`;
  }
};
