import { z } from "zod";
import { dateOrEmpty, nonEmptyText, optionalText, trueOrFalse, wholeNumber } from "../../src/workflows/actions/action-inputs.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  "within-days": wholeNumber,
  label: nonEmptyText,
  "check-links": trueOrFalse,
  "link-timeout-seconds": wholeNumber,
  /** Empty: no fingerprints are kept between runs. */
  fingerprints: optionalText,
  today: dateOrEmpty,
  token: nonEmptyText,
});
