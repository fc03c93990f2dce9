import { z } from "zod";
import { nonEmptyText, optionalText } from "../../src/workflows/actions/action-inputs.ts";

/** The inputs of action.yml, by the same names; their defaults are in action.yml. */
export const Inputs = z.object({
  root: nonEmptyText,
  /** Empty: no base revision, so the version rules are not applied. */
  base: optionalText,
  /** Reads the pull request's commits on `pull_request`; unused on other events. */
  token: optionalText,
});
