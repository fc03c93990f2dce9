/** Orders two `MAJOR.MINOR.PATCH` versions by their numbers, so that 1.10.0 follows 1.9.0. */
export const compareSchemaVersions = (a: string, b: string): number => {
  const [x, y] = [a, b].map((version) => version.split(".").map(Number)) as [number[], number[]];
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
};
