import { defineConfig } from "tsdown";

// One ESM bundle with its declarations: the response schemas the client validates with live in the repository's
// src/schemas and are bundled in, so the package needs nothing from the repository at run time; zod stays a dependency.
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
