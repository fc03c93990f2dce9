import type { ErrorBody } from "../../../src/schemas/error-body.ts";

/**
 * A request the client could not turn into the data it promises: no answer came (a network failure: `status` is
 * undefined), the server answered with an error status (its JSON error body in `body` when it sent one), or the
 * answer did not match the published schema (`issues`). `url` is always the URL asked.
 */
export class FactsClientError extends Error {
  override readonly name = "FactsClientError";
  readonly url: string;
  readonly status: number | undefined;
  readonly body: ErrorBody | undefined;
  readonly issues: Array<{ path: string; message: string }>;

  constructor(message: string, details: { url: string; status?: number; body?: ErrorBody; issues?: Array<{ path: string; message: string }> }) {
    super(message);
    this.url = details.url;
    this.status = details.status;
    this.body = details.body;
    this.issues = details.issues ?? [];
  }
}
