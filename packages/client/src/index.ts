export { FactCatalog } from "../../../src/schemas/fact.ts";
