import { z } from "zod";
import { nonEmptyText, optionalText } from "../../src/workflows/actions/action-inputs.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  mode: z.enum(["restore", "save"], { error: "must be restore or save" }),
  path: nonEmptyText,
  branch: nonEmptyText,
  root: nonEmptyText,
  message: nonEmptyText,
  /** Empty: git runs unauthenticated (a public repository, or a local remote). */
  token: optionalText,
});
