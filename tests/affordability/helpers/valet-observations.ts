/** Every Wednesday from 2023-01-04 to `until`, each at `percentOn(date)` (undefined: no observation that week). */
export const weekly = (until: string, percentOn: (date: string) => string | undefined): string => {
  const observations = [];
  for (
    let day = new Date("2023-01-04T00:00:00Z");
    day.toISOString().slice(0, 10) <= until;
    day.setUTCDate(day.getUTCDate() + 7)
  ) {
    const d = day.toISOString().slice(0, 10);
    const v = percentOn(d);
    observations.push(v === undefined ? { d } : { d, V80691335: { v } });
  }
  return JSON.stringify({
    terms: { url: "https://www.bankofcanada.ca/terms/" },
    seriesDetail: { V80691335: { label: "5-year" } },
    observations,
  });
};
