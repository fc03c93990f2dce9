/** A `Retry-After` header (delay in seconds, or an HTTP date) as seconds from `now`; undefined when absent or unreadable. */
export const parseRetryAfter = (header: string | string[] | undefined, now: Date): number | undefined => {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
};
