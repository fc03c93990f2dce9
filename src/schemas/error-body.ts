import { z } from "zod";
import { SchemaVersion } from "./schema-version.ts";

/** The JSON body of an error answer (404 for unknown paths and fact ids, 405, 400). */
export const ErrorBody = z.object({
  /** Sent by the project's server; optional because other hosts' error pages (nginx, a CDN) are written by hand. */
  schema_version: SchemaVersion.optional(),
  error: z.string(),
  message: z.string(),
  path: z.string().optional(),
  /** With a 404 for an unknown fact id: every id the catalog has. */
  known_ids: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** What the code that refuses a request states; the one place that sends it adds `schema_version`. */
export type ErrorDetails = Omit<ErrorBody, "schema_version">;
