import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CACHE_CONTROL } from "../src/lib/config.ts";
import { readVariable } from "../src/lib/environment.ts";

/**
 * The local server (`npm start`) against two other static servers on the same built tree, all loaded by one wrk in the
 * same run: sirv-cli (a Node static server, the devDependency's `sirv` binary in production mode) and nginx (the
 * limit: what a C server that sends files with sendfile manages on this machine).
 * Target: at least 3 times sirv-cli's requests per second on a single fact, with node:http's public API only. The
 * catalog's figures against both rivals, nginx's as the limit, and each server's CPU time per request are printed as
 * information, not held to a target: the gap to nginx on a large file is sendfile, which node:http does not offer.
 *
 * Fairness: each server gets one core (nginx one worker process; the local server and sirv-cli are one Node process
 * each, run by the same Node), pinned with taskset when there is a second core, and wrk (one thread, 50 connections)
 * gets the other. The local server and nginx send the same headers; sirv-cli sends its own (it has no option for ours),
 * with its ETag, CORS and Cache-Control options on, like ours, and its per-request log off (ours logs nothing). None
 * compresses, because wrk sends no Accept-Encoding (nginx has gzip off). All keep connections open for the whole run
 * (nginx's keepalive_requests is raised so it does not close every 1000th).
 *
 * Measuring on a shared machine: after a warm-up of each server, the three are loaded in back-to-back rounds with the
 * local server in the middle and the order of the others alternating, so each round gives a ratio of the local server
 * to each rival from neighbouring runs. Load from other processes drifts slowly, so it hits both runs of a ratio
 * alike; the median of the rounds' ratios is what must reach the target. The CPU time each server spends per request
 * is printed too: it barely moves with the machine's load, so it tells what a CPU-bound run would show.
 */
const SERVERS = ["local", "sirv", "nginx"] as const;
type ServerName = (typeof SERVERS)[number];
const BY_ID = "/api/v1/facts/by-id/bc.ptt.brackets.json";
const CATALOG = "/api/v1/facts/index.json";
/** What each path is gated on: the local server's requests per second over one rival's, as a median of rounds. */
const GATES: { sitePath: string; rival: Exclude<ServerName, "local">; target: number }[] = [
  { sitePath: BY_ID, rival: "sirv", target: 3 },
];
const ROUNDS = Number(readVariable("BENCH_ROUNDS") ?? 5);
const DURATION = readVariable("BENCH_DURATION") ?? "3s";
const CONNECTIONS = readVariable("BENCH_CONNECTIONS") ?? "50";
const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");
/** The local server compresses every file at maximum effort before it listens: on a busy core that takes a while. */
const STARTUP_SECONDS = 120;

const exec = promisify(execFile);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const which = async (command: string, extraDirectories: string[] = []): Promise<string | undefined> => {
  const directories = [...(process.env.PATH ?? "").split(path.delimiter), ...extraDirectories];
  for (const directory of directories) {
    const candidate = path.join(directory, command);
    if (
      await stat(candidate).then(
        (found) => found.isFile(),
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });

/** The real build, so the bench measures exactly what is published; a failed build fails the bench. */
const prepareTree = async (out: string): Promise<string> => {
  await exec(process.execPath, [path.join(PROJECT_ROOT, "src/cli/build.ts"), "--out", out], {
    cwd: PROJECT_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return "the tree `npm run build` writes";
};

const nginxConfig = (root: string, port: number, work: string): string => `
worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 10000000;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 3600s;
  gzip off;
  etag on;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  types {
    "application/json; charset=utf-8" json;
    "text/html; charset=utf-8" html;
    "text/plain; charset=utf-8" txt;
    "application/xml; charset=utf-8" xml;
    "image/svg+xml; charset=utf-8" svg;
  }
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    add_header Access-Control-Allow-Origin "*" always;
    add_header Access-Control-Expose-Headers "ETag" always;
    add_header X-Content-Type-Options "nosniff" always;
    add_header Cache-Control "${CACHE_CONTROL}" always;
    add_header Vary "Accept-Encoding" always;
    location = /api/v1/facts/feed.xml { types { } default_type "application/rss+xml; charset=utf-8"; }
    location = /.well-known/api-catalog { default_type 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'; }
  }
}
`;

/**
 * Pins a command to one CPU when the machine has more than one, so the server and wrk never share a core
 * (BENCH_PIN=0: never), and, run as root, raises its priority above other work on the machine, whose load would
 * otherwise decide the result more than the servers do. Every server and wrk are placed the same way.
 */
const placement = (taskset: string | undefined) => ({
  pin: taskset !== undefined && readVariable("BENCH_PIN") !== "0" && os.availableParallelism() > 1,
  raise: process.getuid?.() === 0,
});
const placed = (taskset: string | undefined, cpu: number, command: string, args: string[]): [string, string[]] => {
  const { pin, raise } = placement(taskset);
  const onCpu = pin && taskset !== undefined ? [taskset, "-c", String(cpu), command, ...args] : [command, ...args];
  const full = raise ? ["nice", "-n", "-10", ...onCpu] : onCpu;
  return [full[0] ?? command, full.slice(1)];
};

const waitForHttp = async (url: string, child: ChildProcess, name: string): Promise<void> => {
  for (let attempt = 0; attempt < STARTUP_SECONDS * 10; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before answering`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer ${url}`);
};

const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("close", () => resolve());
    child.kill("SIGTERM");
  });

const runWrk = async (
  wrk: string,
  taskset: string | undefined,
  url: string,
  duration: string,
): Promise<{ perSecond: number; requests: number }> => {
  const [command, args] = placed(taskset, 1, wrk, ["-t1", `-c${CONNECTIONS}`, `-d${duration}`, url]);
  const { stdout } = await exec(command, args);
  const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  const requests = /(\d+) requests in/.exec(stdout);
  if (!perSecond || !requests) throw new Error(`cannot read wrk's output:\n${stdout}`);
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout) ?? /Socket errors:.*/.exec(stdout);
  if (errors) throw new Error(`wrk saw failures on ${url}: ${errors[0]}`);
  return { perSecond: Number(perSecond[1]), requests: Number(requests[1]) };
};

/**
 * CPU time (user + system, in clock ticks) a process has used, from /proc; undefined where there is none. Printed
 * beside the rates because it hardly depends on what else the machine is doing, while requests per second do.
 */
const cpuTicks = async (pid: number | undefined): Promise<number | undefined> => {
  if (pid === undefined) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields === undefined ? undefined : Number(fields[11]) + Number(fields[12]);
};

/** nginx answers in its one worker, a child of the master process we started. */
const nginxWorker = async (master: number | undefined): Promise<number | undefined> => {
  const children =
    master === undefined
      ? undefined
      : await readFile(`/proc/${master}/task/${master}/children`, "utf8").catch(() => undefined);
  const worker = Number(children?.trim().split(" ")[0]);
  return Number.isInteger(worker) && worker > 0 ? worker : undefined;
};

interface Answer {
  name: ServerName;
  status: number;
  body: Buffer;
  type: string | null;
  cache: string | null;
  cors: string | null;
}

const fetchAnswer = async (name: ServerName, origin: string, sitePath: string): Promise<Answer> => {
  const response = await fetch(`${origin}${sitePath}`, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  const header = (name: string) => response.headers.get(name);
  return {
    name,
    status: response.status,
    body,
    type: header("content-type"),
    cache: header("cache-control"),
    cors: header("access-control-allow-origin"),
  };
};

/**
 * Every server must answer 200 with the same bytes, or the comparison means nothing; the local server and nginx must
 * also send the same type, caching and CORS headers (sirv-cli cannot be told to send ours).
 */
const checkSameAnswers = async (origins: Record<ServerName, string>, sitePath: string): Promise<void> => {
  const answers = await Promise.all(SERVERS.map((name) => fetchAnswer(name, origins[name], sitePath)));
  const [local, ...others] = answers;
  const sameHeaders = (other: Answer) =>
    other.name === "sirv" || (other.type === local?.type && other.cache === local?.cache && other.cors === local?.cors);
  const agrees = (other: Answer) =>
    local?.status === 200 && other.status === 200 && other.body.equals(local.body) && sameHeaders(other);
  if (!others.every(agrees)) {
    throw new Error(
      `the servers answer ${sitePath} differently: ${JSON.stringify(answers.map(({ body, ...rest }) => ({ ...rest, bytes: body.length })))}`,
    );
  }
};

/** The rivals on either side of the local server, in an order that alternates from round to round. */
const roundOrder = (round: number): ServerName[] =>
  round % 2 === 0 ? ["sirv", "local", "nginx"] : ["nginx", "local", "sirv"];

interface PathResult {
  rates: Record<ServerName, number[]>;
  /** Per round, the local server's rate over each rival's. */
  ratios: Record<Exclude<ServerName, "local">, number[]>;
  cpu: Record<ServerName, { ticks: number; requests: number }>;
}

/** Warms every server up on one path, then loads them in `ROUNDS` rounds, keeping rates, ratios and CPU ticks. */
const measurePath = async (
  wrk: string,
  taskset: string | undefined,
  origins: Record<ServerName, string>,
  pids: Record<ServerName, number | undefined>,
  sitePath: string,
): Promise<PathResult> => {
  for (const name of SERVERS) await runWrk(wrk, taskset, `${origins[name]}${sitePath}`, "2s");
  const result: PathResult = {
    rates: { local: [], sirv: [], nginx: [] },
    ratios: { sirv: [], nginx: [] },
    cpu: { local: { ticks: 0, requests: 0 }, sirv: { ticks: 0, requests: 0 }, nginx: { ticks: 0, requests: 0 } },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of roundOrder(round)) {
      const before = await cpuTicks(pids[name]);
      const { perSecond, requests } = await runWrk(wrk, taskset, `${origins[name]}${sitePath}`, DURATION);
      const after = await cpuTicks(pids[name]);
      result.rates[name].push(perSecond);
      if (before !== undefined && after !== undefined) {
        result.cpu[name].ticks += after - before;
        result.cpu[name].requests += requests;
      }
    }
    for (const rival of ["sirv", "nginx"] as const)
      result.ratios[rival].push((result.rates.local.at(-1) ?? 0) / (result.rates[rival].at(-1) ?? 1));
  }
  return result;
};

/** Prints one path's figures and says whether its gate is met. */
const reportPath = (sitePath: string, size: string, result: PathResult, ticksPerSecond: number): boolean => {
  const gate = GATES.find((each) => each.sitePath === sitePath);
  const rate = (name: ServerName) => `${median(result.rates[name]).toFixed(0)} req/s`;
  console.log(
    `${sitePath} (${size}): local ${rate("local")}, sirv ${rate("sirv")}, nginx ${rate("nginx")} (the limit); medians`,
  );
  let met = true;
  for (const rival of ["sirv", "nginx"] as const) {
    const ratio = median(result.ratios[rival]);
    const pairs = result.ratios[rival].map((each) => each.toFixed(2)).join(" ");
    let verdict = "";
    if (gate?.rival === rival) {
      met = ratio >= gate.target;
      verdict = met ? ` ok (target ${gate.target})` : ` BELOW the ${gate.target} target`;
    }
    console.log(`  local/${rival} ${ratio.toFixed(2)} (rounds ${pairs})${verdict}`);
  }
  if (SERVERS.every((name) => result.cpu[name].requests > 0)) {
    const micros = (name: ServerName) =>
      `${((result.cpu[name].ticks / ticksPerSecond / result.cpu[name].requests) * 1e6).toFixed(1)} µs`;
    console.log(`  CPU per request: local ${micros("local")}, sirv ${micros("sirv")}, nginx ${micros("nginx")}`);
  }
  return met;
};

/** The environment without PORT and HOST, which sirv-cli would take over its --port and --host. */
const withoutListenVariables = (): NodeJS.ProcessEnv => {
  const { PORT: _port, HOST: _host, ...rest } = process.env;
  return rest;
};

const main = async (): Promise<number> => {
  const wrk = await which("wrk");
  const nginx = await which("nginx", ["/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"]);
  if (!wrk || !nginx) {
    console.log(
      `skipped: the server bench needs ${[!nginx && "nginx", !wrk && "wrk"].filter(Boolean).join(" and ")} (Debian/Ubuntu: sudo apt-get install -y nginx-light wrk)`,
    );
    return 0;
  }
  const sirv = path.join(PROJECT_ROOT, "node_modules/.bin/sirv");
  if (
    !(await stat(sirv).then(
      (found) => found.isFile(),
      () => false,
    ))
  )
    throw new Error(`no ${sirv}: run npm install`);
  const taskset = await which("taskset");
  const work = await mkdtemp(path.join(os.tmpdir(), "server-bench-"));
  // nginx workers started by root run as nobody, who must be able to read the tree.
  await chmod(work, 0o755);
  const children: ChildProcess[] = [];
  try {
    const root = path.join(work, "site");
    const treeNote = await prepareTree(root);
    const sizes: Record<string, string> = {};
    for (const sitePath of [BY_ID, CATALOG]) {
      const size = await stat(path.join(root, sitePath)).then(
        (found) => found.size,
        () => undefined,
      );
      if (size === undefined) throw new Error(`the tree has no ${sitePath}`);
      sizes[sitePath] = `${(size / 1024).toFixed(1)} KB`;
    }

    const localPort = await freePort();
    const [localCommand, localArgs] = placed(taskset, 0, process.execPath, [
      path.join(PROJECT_ROOT, "src/cli/serve.ts"),
      "--dir",
      root,
      "--port",
      String(localPort),
      "--host",
      "127.0.0.1",
    ]);
    const local = spawn(localCommand, localArgs, { stdio: ["ignore", "ignore", "inherit"] });
    children.push(local);

    const sirvPort = await freePort();
    const sirvOptions = [
      "--port",
      String(sirvPort),
      "--host",
      "127.0.0.1",
      "--quiet",
      "--etag",
      "--cors",
      "--maxage",
      "3600",
    ];
    const [sirvCommand, sirvArgs] = placed(taskset, 0, process.execPath, [sirv, root, ...sirvOptions]);
    const sirvServer = spawn(sirvCommand, sirvArgs, {
      stdio: ["ignore", "ignore", "inherit"],
      env: withoutListenVariables(),
    });
    children.push(sirvServer);

    const nginxPort = await freePort();
    for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) await mkdir(path.join(work, temp));
    await writeFile(path.join(work, "nginx.conf"), nginxConfig(root, nginxPort, work));
    const [nginxCommand, nginxArgs] = placed(taskset, 0, nginx, [
      "-p",
      work,
      "-e",
      path.join(work, "nginx-error.log"),
      "-c",
      path.join(work, "nginx.conf"),
    ]);
    const nginxServer = spawn(nginxCommand, nginxArgs, { stdio: ["ignore", "ignore", "inherit"] });
    children.push(nginxServer);

    const origins: Record<ServerName, string> = {
      local: `http://127.0.0.1:${localPort}`,
      sirv: `http://127.0.0.1:${sirvPort}`,
      nginx: `http://127.0.0.1:${nginxPort}`,
    };
    await waitForHttp(`${origins.local}${CATALOG}`, local, "the local server");
    await waitForHttp(`${origins.sirv}${CATALOG}`, sirvServer, "sirv-cli");
    await waitForHttp(`${origins.nginx}${CATALOG}`, nginxServer, "nginx");
    for (const sitePath of [BY_ID, CATALOG]) await checkSameAnswers(origins, sitePath);

    const { pin, raise } = placement(taskset);
    const where = `${pin ? "servers pinned to CPU 0, wrk to CPU 1" : "unpinned"}${raise ? ", at nice -10" : ""}`;
    console.log(
      `Tree: ${treeNote}. wrk -t1 -c${CONNECTIONS} -d${DURATION} per run, ${ROUNDS} rounds (sirv, local, nginx, then the reverse) after a warm-up, ${where}, no compression.`,
    );
    const pids: Record<ServerName, number | undefined> = {
      local: local.pid,
      sirv: sirvServer.pid,
      nginx: await nginxWorker(nginxServer.pid),
    };
    const ticksPerSecond =
      Number((await exec("getconf", ["CLK_TCK"]).catch(() => ({ stdout: "100" }))).stdout.trim()) || 100;
    let failed = false;
    for (const sitePath of [BY_ID, CATALOG]) {
      const result = await measurePath(wrk, taskset, origins, pids, sitePath);
      if (!reportPath(sitePath, sizes[sitePath] ?? "", result, ticksPerSecond)) failed = true;
    }
    return failed ? 1 : 0;
  } finally {
    await Promise.all(children.map(stopChild));
    await rm(work, { recursive: true, force: true });
  }
};

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`server bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
