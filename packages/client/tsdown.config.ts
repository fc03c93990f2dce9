import { defineConfig } from "tsdown";

// One ESM bundle with its declarations, from packages/client/src alone (it imports nothing of the repository, a rule
// of .dependency-cruiser.cjs); zod stays a dependency.
export default defineConfig({
  entry: ["src/index.ts"],
  format: "esm",
  platform: "neutral",
  target: "es2022",
  dts: true,
  sourcemap: false,
  clean: true,
  outDir: "dist",
  fixedExtension: false,
});
