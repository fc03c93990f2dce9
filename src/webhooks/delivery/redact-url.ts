/** A subscriber URL as it may appear in logs and emails: its origin only, since paths and queries often carry tokens. */
export const redactUrl = (rawUrl: string): string => {
  try {
    return new URL(rawUrl).origin;
  } catch {
    return "(unparseable URL)";
  }
};
