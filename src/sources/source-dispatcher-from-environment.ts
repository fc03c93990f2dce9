import net from "node:net";
import { Agent } from "undici";
import { type Environment, readVariable } from "../lib/environment.ts";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost):(\d{1,5})$/;

/**
 * The undici dispatcher for reading cited sources. Normally a plain agent. `FACTS_LINK_CHECK_CONNECT_TO`
 * (`127.0.0.1:PORT`, loopback only) sends every connection to a local plain-HTTP server instead, keeping each URL's
 * host in the request, so the action can be run end to end in tests without reaching the network.
 */
export const sourceDispatcherFromEnvironment = (environment: Environment = process.env, timeoutMs = 15_000): Agent => {
  const override = readVariable("FACTS_LINK_CHECK_CONNECT_TO", environment);
  if (!override) return new Agent({ connect: { timeout: timeoutMs } });
  const match = LOOPBACK.exec(override);
  if (!match) throw new Error(`FACTS_LINK_CHECK_CONNECT_TO must be a loopback host:port (for tests), got "${override}"`);
  const host = match[1]!.replace(/^\[|\]$/g, "");
  const port = Number(match[2]);
  return new Agent({
    connect: (_options, callback) => {
      const socket = net.connect({ host, port });
      socket.once("connect", () => callback(null, socket));
      socket.once("error", (error) => callback(error, null));
    },
  });
};
