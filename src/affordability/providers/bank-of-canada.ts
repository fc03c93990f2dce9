import { z } from "zod";
import { errorMessage } from "../../lib/errors.ts";
import { type HttpAnswer, HttpFailure, httpRequest } from "../../lib/http.ts";
import type { IndexCitation } from "../../schemas/index.ts";
import { IsoDate } from "../../schemas/index.ts";
import { monthsBetween } from "../compute-series.ts";

/** Thrown when a source cannot be used as it answered: the run writes nothing. */
export class SourceError extends Error {
  constructor(source: string, reason: string) {
    super(`${source}: ${reason}`);
    this.name = "SourceError";
  }
}

/** A mebibyte: the caps on what the providers read are stated in them. */
export const MIB = 1024 * 1024;

/** Redirects a provider's answer may go through before the document itself: its pages and files move now and then. */
export const MAX_REDIRECTS = 5;

/**
 * One GET from a provider (both providers talk HTTP this way): a 200 answer whose body is at most `maxBytes`, with the
 * address it finally came from, or a {@link SourceError} naming `source`, `what` was asked and why: no answer in time,
 * a body past the cap, any other status. Redirects are followed, at most {@link MAX_REDIRECTS}, to https addresses
 * (or within the same origin), never in a loop, all within the one `timeoutMs`.
 */
export const getFromSource = async (
  source: string,
  url: string,
  what: string,
  options: { timeoutMs: number; maxBytes: number; headers?: Record<string, string> },
): Promise<HttpAnswer & { url: string }> => {
  const seen = new Set<string>();
  let current = new URL(url);
  // One deadline for the whole chain of redirects: each hop is bounded by it, not given the time afresh.
  const deadline = AbortSignal.timeout(options.timeoutMs);
  for (;;) {
    seen.add(current.href);
    let answer: HttpAnswer;
    try {
      answer = await httpRequest(current.href, { ...options, signal: deadline });
    } catch (error: unknown) {
      if (error instanceof HttpFailure && error.kind === "too-large") {
        throw new SourceError(
          source,
          `${what} is larger than the ${Math.round(options.maxBytes / MIB)} MB cap on its download`,
        );
      }
      throw new SourceError(source, `${what} could not be reached (${errorMessage(error)})`);
    }
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && typeof location === "string") {
      const next = URL.canParse(location, current.href) ? new URL(location, current) : undefined;
      const refusal =
        next === undefined
          ? `redirects to an address that does not parse ("${location}")`
          : next.protocol !== "https:" && next.origin !== current.origin
            ? `redirects to ${next.href}, which is not https`
            : seen.has(next.href)
              ? `redirects in a loop (${next.href} again)`
              : seen.size > MAX_REDIRECTS
                ? `redirects more than ${MAX_REDIRECTS} times`
                : undefined;
      if (refusal !== undefined || next === undefined) throw new SourceError(source, `${what} ${refusal}`);
      current = next;
      continue;
    }
    if (answer.status !== 200) throw new SourceError(source, `${what} answered ${answer.status}`);
    return { ...answer, url: current.href };
  }
};

/** The Valet API's production address: what every value cites, whatever base URL it was fetched from. */
export const VALET_PRODUCTION_BASE = "https://www.bankofcanada.ca/valet";

/** Weekly 5-year conventional mortgage rate posted by the chartered banks (the mode of the six largest banks). */
export const MORTGAGE_SERIES = "V80691335";

/** The first month the index covers. */
export const FIRST_MONTH = "2023-01";

/** The source as messages name it. */
export const VALET_SOURCE = "Bank of Canada Valet";
const SOURCE = VALET_SOURCE;

const Observations = z.object({
  observations: z.array(z.looseObject({ d: IsoDate })),
});

/** The month's last Wednesday, `YYYY-MM-DD`: the day the Bank's discontinued monthly series took its value from. */
export const lastWednesdayOf = (month: string): string => {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0));
  last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() - 3 + 7) % 7));
  return last.toISOString().slice(0, 10);
};

/** One month's rate, as a fraction, with the weekly observation it comes from. */
export interface MonthlyRate {
  month: string;
  rate: number;
  observed: string;
}

/**
 * The monthly rates in a Valet answer for the series: each month from `FIRST_MONTH` whose last Wednesday the answer
 * reaches takes that Wednesday's observation. A month whose last-Wednesday observation is missing or empty is a gap,
 * never a zero and never another week's value. A value that is not a percentage makes the whole answer unusable.
 */
export const monthlyRates = (answer: unknown): MonthlyRate[] => {
  const parsed = Observations.safeParse(answer);
  if (!parsed.success)
    throw new SourceError(
      SOURCE,
      `the answer is not a Valet observations document (${parsed.error.issues[0]?.message ?? "unexpected shape"})`,
    );
  const byDate = new Map<string, number>();
  for (const observation of parsed.data.observations) {
    const cell = observation[MORTGAGE_SERIES];
    if (cell === undefined || cell === null) continue;
    const text = (cell as { v?: unknown }).v;
    if (text === undefined || text === "") continue;
    const percent = typeof text === "string" && /^\d{1,2}(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
    if (!Number.isFinite(percent) || percent <= 0 || percent >= 100) {
      throw new SourceError(
        SOURCE,
        `${MORTGAGE_SERIES} on ${observation.d} is ${JSON.stringify(text)}, not a percentage`,
      );
    }
    // Two observations for one week: which is right cannot be told, and keeping either would hide the other.
    if (byDate.has(observation.d))
      throw new SourceError(SOURCE, `${MORTGAGE_SERIES} has two observations dated ${observation.d}`);
    byDate.set(observation.d, percent);
  }
  const dates = [...byDate.keys()].sort();
  const latest = dates.at(-1);
  if (latest === undefined) throw new SourceError(SOURCE, `the answer has no observation of ${MORTGAGE_SERIES}`);
  const rates: MonthlyRate[] = [];
  // The latest month counts once its last Wednesday is observed: a later Wednesday has no observation to find.
  for (const month of monthsBetween(FIRST_MONTH, latest.slice(0, 7))) {
    const observed = lastWednesdayOf(month);
    const percent = byDate.get(observed);
    // Percent to fraction without binary noise: 6.49 becomes 0.0649, not 0.06490000000000001.
    if (percent !== undefined) rates.push({ month, rate: Number((percent / 100).toPrecision(12)), observed });
  }
  return rates;
};

/** The official address of one weekly observation, cited by the month that uses it. */
export const observationUrl = (date: string): string =>
  `${VALET_PRODUCTION_BASE}/observations/${MORTGAGE_SERIES}/json?start_date=${date}&end_date=${date}`;

/** The citation of a month's rate: the Bank's own API, the series and the week, and the day it was read. */
export const rateCitation = (rate: MonthlyRate, retrieved: string): IndexCitation => ({
  url: observationUrl(rate.observed),
  org: "bank-of-canada",
  kind: "official",
  title: `Valet API, series ${MORTGAGE_SERIES}`,
  retrieved_iso: retrieved,
  notes: `The Bank of Canada's weekly 5-year conventional mortgage rate (series ${MORTGAGE_SERIES}) on ${rate.observed}, the month's last Wednesday, which is how the Bank's monthly series took its value.`,
});

/** The Valet answer is at most this large: every weekly observation since `FIRST_MONTH` is a few hundred KB. */
const MAX_ANSWER_BYTES = 16 * MIB;

/**
 * Reads every weekly observation since `FIRST_MONTH` from the Valet API at `baseUrl` (tests give a local server) and
 * returns the monthly rates. Any answer but a 200 with a JSON observations document fails, naming the source.
 */
export const fetchMonthlyRates = async (baseUrl: string, timeoutMs = 30_000): Promise<MonthlyRate[]> => {
  const url = `${baseUrl.replace(/\/+$/, "")}/observations/${MORTGAGE_SERIES}/json?start_date=${FIRST_MONTH}-01`;
  const response = await getFromSource(SOURCE, url, url, {
    timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
    headers: { accept: "application/json" },
  });
  const text = response.body.toString("utf8");
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    const type = response.headers["content-type"] ?? "no content type";
    throw new SourceError(SOURCE, `${url} answered ${type}, not JSON (it starts ${JSON.stringify(text.slice(0, 40))})`);
  }
  return monthlyRates(answer);
};
