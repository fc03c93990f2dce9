import { execFile, spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CACHE_CONTROL } from "../src/lib/config.ts";

/**
 * The local server (`npm start`) against nginx on the same built tree, loaded by one wrk in the same run.
 * Target: the local server answers at least 0.8 times nginx's requests per second on a single fact and on the catalog.
 *
 * Fairness: each server gets one core (nginx one worker process; the local server is one Node process), pinned with
 * taskset when there is a second core, and wrk (one thread, 50 connections) gets the other. Both send the same
 * headers; neither compresses, because wrk sends no Accept-Encoding (nginx has gzip off). Both keep connections open
 * for the whole run (nginx's keepalive_requests is raised so it does not close every 1000th).
 *
 * Measuring on a shared machine: after a warm-up of each server, the two are loaded in back-to-back pairs (the order
 * alternating), and each pair gives a ratio. Load from other processes drifts slowly, so it hits both halves of a
 * pair alike; the median of the pairs' ratios is what must reach the target. The CPU time each server spends per
 * request is printed too: it barely moves with the machine's load, so it tells what a CPU-bound run would show.
 */
const TARGET_RATIO = 0.8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION = process.env.BENCH_DURATION ?? "3s";
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? "50";
const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");
const BY_ID = "/api/v1/facts/by-id/bc.ptt.brackets.json";
const CATALOG = "/api/v1/facts/index.json";

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
    if (await stat(candidate).then((found) => found.isFile(), () => false)) return candidate;
  }
  return undefined;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });

/** The real build, so the bench measures exactly what is published; a failed build fails the bench. */
const prepareTree = async (out: string): Promise<string> => {
  await exec(process.execPath, [path.join(PROJECT_ROOT, "src/cli/build.ts"), "--out", out], { cwd: PROJECT_ROOT, maxBuffer: 64 * 1024 * 1024 });
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
 * otherwise decide the result more than the servers do. Both servers and wrk are placed the same way.
 */
const placement = (taskset: string | undefined) => ({
  pin: taskset !== undefined && process.env.BENCH_PIN !== "0" && os.availableParallelism() > 1,
  raise: process.getuid?.() === 0,
});
const placed = (taskset: string | undefined, cpu: number, command: string, args: string[]): [string, string[]] => {
  const { pin, raise } = placement(taskset);
  const onCpu = pin && taskset !== undefined ? [taskset, "-c", String(cpu), command, ...args] : [command, ...args];
  const full = raise ? ["nice", "-n", "-10", ...onCpu] : onCpu;
  return [full[0] ?? command, full.slice(1)];
};

const waitForHttp = async (url: string, child: ChildProcess, name: string): Promise<void> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before answering`);
    const ok = await fetch(url).then((response) => response.ok, () => false);
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

const runWrk = async (wrk: string, taskset: string | undefined, url: string, duration: string): Promise<{ perSecond: number; requests: number }> => {
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
  const children = master === undefined ? undefined : await readFile(`/proc/${master}/task/${master}/children`, "utf8").catch(() => undefined);
  const worker = Number(children?.trim().split(" ")[0]);
  return Number.isInteger(worker) && worker > 0 ? worker : undefined;
};

/** Both servers must answer the same bytes with the same headers, or the comparison means nothing. */
const checkSameAnswers = async (origins: Record<string, string>, sitePath: string): Promise<void> => {
  const answers = await Promise.all(
    Object.entries(origins).map(async ([name, origin]) => {
      const response = await fetch(`${origin}${sitePath}`, { headers: { "accept-encoding": "identity" } });
      const body = Buffer.from(await response.arrayBuffer());
      return { name, status: response.status, body, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), cors: response.headers.get("access-control-allow-origin") };
    }),
  );
  const [first, ...rest] = answers;
  for (const other of rest) {
    if (!first || other.status !== 200 || first.status !== 200 || !other.body.equals(first.body) || other.type !== first.type || other.cache !== first.cache || other.cors !== first.cors) {
      throw new Error(`the servers answer ${sitePath} differently: ${JSON.stringify(answers.map(({ body, ...rest }) => ({ ...rest, bytes: body.length })))}`);
    }
  }
};

const main = async (): Promise<number> => {
  const wrk = await which("wrk");
  const nginx = await which("nginx", ["/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"]);
  if (!wrk || !nginx) {
    console.log(`skipped: the server bench needs ${[!nginx && "nginx", !wrk && "wrk"].filter(Boolean).join(" and ")} (Debian/Ubuntu: sudo apt-get install -y nginx-light wrk)`);
    return 0;
  }
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
      const size = await stat(path.join(root, sitePath)).then((found) => found.size, () => undefined);
      if (size === undefined) throw new Error(`the tree has no ${sitePath}`);
      sizes[sitePath] = `${(size / 1024).toFixed(1)} KB`;
    }

    const localPort = await freePort();
    const [localCommand, localArgs] = placed(taskset, 0, process.execPath, [path.join(PROJECT_ROOT, "src/cli/serve.ts"), "--dir", root, "--port", String(localPort)]);
    const local = spawn(localCommand, localArgs, { stdio: ["ignore", "ignore", "inherit"] });
    children.push(local);

    const nginxPort = await freePort();
    for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) await mkdir(path.join(work, temp));
    await writeFile(path.join(work, "nginx.conf"), nginxConfig(root, nginxPort, work));
    const [nginxCommand, nginxArgs] = placed(taskset, 0, nginx, ["-p", work, "-e", path.join(work, "nginx-error.log"), "-c", path.join(work, "nginx.conf")]);
    const server = spawn(nginxCommand, nginxArgs, { stdio: ["ignore", "ignore", "inherit"] });
    children.push(server);

    const origins = { local: `http://127.0.0.1:${localPort}`, nginx: `http://127.0.0.1:${nginxPort}` };
    await waitForHttp(`${origins.local}${CATALOG}`, local, "the local server");
    await waitForHttp(`${origins.nginx}${CATALOG}`, server, "nginx");
    for (const sitePath of [BY_ID, CATALOG]) await checkSameAnswers(origins, sitePath);

    const { pin, raise } = placement(taskset);
    const where = `${pin ? "server pinned to CPU 0, wrk to CPU 1" : "unpinned"}${raise ? ", at nice -10" : ""}`;
    console.log(`Tree: ${treeNote}. wrk -t1 -c${CONNECTIONS} -d${DURATION} per run, ${ROUNDS} alternating pairs after a warm-up, ${where}, no compression on either side.`);
    const pids = { local: local.pid, nginx: await nginxWorker(server.pid) };
    const ticksPerSecond = Number((await exec("getconf", ["CLK_TCK"]).catch(() => ({ stdout: "100" }))).stdout.trim()) || 100;
    let failed = false;
    for (const sitePath of [BY_ID, CATALOG]) {
      for (const name of ["local", "nginx"] as const) await runWrk(wrk, taskset, `${origins[name]}${sitePath}`, "2s");
      const rates = { local: [] as number[], nginx: [] as number[] };
      const cpu = { local: { ticks: 0, requests: 0 }, nginx: { ticks: 0, requests: 0 } };
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (["local", "nginx"] as const) : (["nginx", "local"] as const);
        for (const name of order) {
          const before = await cpuTicks(pids[name]);
          const { perSecond, requests } = await runWrk(wrk, taskset, `${origins[name]}${sitePath}`, DURATION);
          const after = await cpuTicks(pids[name]);
          rates[name].push(perSecond);
          if (before !== undefined && after !== undefined) {
            cpu[name].ticks += after - before;
            cpu[name].requests += requests;
          }
        }
        ratios.push((rates.local.at(-1) ?? 0) / (rates.nginx.at(-1) ?? 1));
      }
      const ratio = median(ratios);
      const verdict = ratio >= TARGET_RATIO ? "ok" : `BELOW the ${TARGET_RATIO} target`;
      if (ratio < TARGET_RATIO) failed = true;
      console.log(
        `${sitePath} (${sizes[sitePath]}): local ${median(rates.local).toFixed(0)} req/s, nginx ${median(rates.nginx).toFixed(0)} req/s (medians); ` +
          `ratio ${ratio.toFixed(2)} (pairs ${ratios.map((each) => each.toFixed(2)).join(" ")}) ${verdict}`,
      );
      if (cpu.local.requests > 0 && cpu.nginx.requests > 0) {
        const micros = (name: "local" | "nginx") => (cpu[name].ticks / ticksPerSecond / cpu[name].requests) * 1e6;
        console.log(`  CPU per request: local ${micros("local").toFixed(1)} µs, nginx ${micros("nginx").toFixed(1)} µs (nginx/local ${(micros("nginx") / micros("local")).toFixed(2)})`);
      }
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
