// What the calculators page reads from the site as the calculations ask for it: each fact's file, a yearly series'
// members, and a place's rules; each read once, and the calculator that asked runs again when it has arrived.

import { type Fact, type FactSource, type PlaceRecord, PlaceResponse } from "../../packages/client/src/index.ts";
import { element } from "./dom.ts";

/** Each calculator's own run, by its id: what a read that has arrived starts again. */
const reruns = new Map<string, () => void>();

export const onArrival = (form: string, run: () => void): void => {
  reruns.set(form, run);
};

const rerun = (form: string): void => reruns.get(form)?.();

/**
 * The facts read so far, by id. The page reads no catalog: a calculation asks for the facts it reads, one by one (the
 * client's calculators refuse with the id of the first fact they lack), and each is fetched once from its
 * `by-id/{id}.json` when first asked for, so what the page downloads is what the calculations in front of the reader
 * cite, whatever the size of the catalog.
 */
export const factFiles = new Map<string, Fact>();
const factLoading = new Set<string>();
export const factFailures = new Map<string, string>();
/** The yearly series whose members have all been read (a series' name is no fact of its own). */
const seriesRead = new Set<string>();

/** The address of a published file from the page's pattern (`data-fact`, `data-series`): relative to the page. */
const addressOf = (pattern: string, id: string): string =>
  (element("calc-status").dataset[pattern] ?? "").replace("{id}", encodeURIComponent(id));

/** A file's JSON, or an error naming the address and what it answered. */
const fetchJson = async (path: string): Promise<unknown> => {
  const response = await fetch(path);
  if (!response.ok)
    throw Object.assign(new Error(`${path} answered HTTP ${response.status}`), { status: response.status });
  return response.json();
};

/** Reads one fact's `by-id` file into factFiles, checking that it is the fact asked for. */
const readFact = async (id: string): Promise<void> => {
  const body = (await fetchJson(addressOf("fact", id))) as { fact?: Fact };
  if (body.fact?.id !== id) throw new Error(`${addressOf("fact", id)} does not hold the fact ${id}`);
  factFiles.set(id, body.fact);
};

/**
 * Fetches the facts `ids` not read yet, then runs the form's calculation again. An id that is a yearly series' name
 * (the rent cap's, which a rent increase reads by date) has no `by-id` file: its series file lists its members, and
 * each member is read. A fact that cannot be read is said where the calculation needed it, on the next run.
 */
export const loadFacts = (ids: readonly string[], form: string): void => {
  const wanted = ids.filter(
    (id) => !factFiles.has(id) && !seriesRead.has(id) && !factLoading.has(id) && !factFailures.has(id),
  );
  if (wanted.length === 0) return;
  for (const id of wanted) factLoading.add(id);
  void Promise.all(
    wanted
      .map(async (id) => {
        try {
          await readFact(id);
        } catch (error) {
          if ((error as { status?: number }).status !== 404) throw error;
          const series = (await fetchJson(addressOf("series", id))) as { members?: { id: string }[] };
          if (!Array.isArray(series.members)) throw new Error(`${addressOf("series", id)} lists no members`);
          await Promise.all(
            series.members.map((member) => (factFiles.has(member.id) ? undefined : readFact(member.id))),
          );
          seriesRead.add(id);
        }
      })
      .map((loading, at) =>
        loading.catch((error: unknown) => {
          factFailures.set(wanted[at]!, error instanceof Error ? error.message : String(error));
        }),
      ),
  ).finally(() => {
    for (const id of wanted) factLoading.delete(id);
    rerun(form);
  });
};

/** The facts read so far, as the client's calculators take them. */
export const loadedFacts = (): FactSource => ({ facts: [...factFiles.values()] });

/** The place files read so far, by id: each is fetched once, when a place is first chosen. */
export const placeFiles = new Map<string, PlaceRecord>();
const placeLoading = new Map<string, Promise<void>>();
export const placeFailures = new Map<string, string>();

/**
 * Reads a place's file, then runs the calculator again: the rules of a place arrive after it is typed. A file that
 * cannot be read is said at the field on the next run.
 */
export const loadPlace = (id: string, form: string): void => {
  if (placeLoading.has(id)) return;
  const path = (element("calc-status").dataset.place ?? "").replace("{id}", id);
  placeLoading.set(
    id,
    fetch(path)
      .then(async (response) => {
        if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}`);
        placeFiles.set(id, PlaceResponse.parse(await response.json()).place);
      })
      .catch((error: unknown) => {
        placeFailures.set(id, error instanceof Error ? error.message : String(error));
      })
      .finally(() => rerun(form)),
  );
};

/** The facts with the places read so far, for a calculator asked about a place. */
export const withPlaces = (facts: FactSource): FactSource => ({ ...facts, places: [...placeFiles.values()] });
