import { z } from "zod";

/** The JSON body of an error answer (404 for unknown paths and fact ids, 405, 400). */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  path: z.string().optional(),
  /** With a 404 for an unknown fact id: every id the catalog has. */
  known_ids: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
