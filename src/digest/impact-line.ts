import { impactOf } from "../derive/fact-history.ts";

/**
 * The one-line practical impact of a commit the digest names when no revision was recorded (a re-verification or an
 * edit): its last `Impact:` line, written for readers, else a neutral note. The subject line is never used: it is
 * written for the repository's log, not for subscribers. The digest names a revision by its version note instead
 * (see versionNote). `reverifiedOn` is the date of the re-verifying commit when the re-verify-by date moved (the
 * sources were checked again); without it the change was an edit of wording or sources.
 */
export const impactLine = (message: string, reverifiedOn: string | undefined): string =>
  impactOf(message) ??
  (reverifiedOn === undefined ? "Edited: wording or sources, value unchanged." : `Re-verified on ${reverifiedOn}: sources checked, value unchanged.`);
