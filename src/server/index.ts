/** The local server (`npm run serve`): what the command line, the tests and the benchmark use. */
export { createStaticServer, type StaticServer } from "./create-static-server.ts";
export { describeOpenFileLimit, type OpenFileLimit, readOpenFileLimit } from "./open-file-limit.ts";
