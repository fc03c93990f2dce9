import { z } from "zod";
import { dateOrEmpty, nonEmptyText, wholeNumber } from "../../src/workflows/actions/action-inputs.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  "warn-days": wholeNumber,
  today: dateOrEmpty,
});
