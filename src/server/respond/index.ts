/** The second stage: answering requests from the site in memory, and requests the HTTP parser refused. */
export { answerClientError } from "./answer-client-error.ts";
export { createRequestHandler } from "./create-request-handler.ts";
