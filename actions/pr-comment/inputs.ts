import { z } from "zod";
import { nonEmptyText, requiredText } from "../../src/workflows/actions/action-inputs.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  report: requiredText,
  token: nonEmptyText,
});
