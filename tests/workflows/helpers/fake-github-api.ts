import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/** One request the stand-in received, as the action sent it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  state_reason?: string | null;
  labels: string[];
  pull_request?: Record<string, unknown>;
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  user: { login: string; type: "Bot" | "User" };
}

export interface FakePull {
  number: number;
  state: "open" | "closed";
  head: { sha: string };
  /** The pull request's commits, oldest first, as `GET /pulls/{n}/commits` lists them. */
  commits?: { sha: string; message: string; parents: string[] }[];
}

/**
 * A stand-in for the GitHub REST API on 127.0.0.1 that keeps issues, comments and pull requests in memory, serves the
 * endpoints the project's actions call (with real pagination through Link headers), and records every request.
 */
export const startFakeGitHubApi = async (
  options: { owner?: string; repo?: string; token?: string; pageSize?: number; dropsIssueLabels?: boolean } = {},
) => {
  const owner = options.owner ?? "bc-facts";
  const repo = options.repo ?? "facts";
  const token = options.token ?? "test-token";
  const pageSize = options.pageSize ?? 100;
  const requests: RecordedRequest[] = [];
  const issues: FakeIssue[] = [];
  const comments: FakeComment[] = [];
  const pulls: FakePull[] = [];
  const labels = new Set<string>(["bug"]);
  let nextId = 1000;
  // Issues and pull requests share one sequence of numbers, as on GitHub.
  let nextNumber = 100;
  const prefix = `/repos/${owner}/${repo}`;

  const htmlUrl = (number: number) => `https://github.com/${owner}/${repo}/issues/${number}`;
  const issueJson = (issue: FakeIssue) => ({
    id: issue.number + 500_000,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    state_reason: issue.state_reason ?? null,
    labels: issue.labels.map((name) => ({ name })),
    html_url: htmlUrl(issue.number),
    user: { login: "github-actions[bot]", type: "Bot" },
    ...(issue.pull_request ? { pull_request: issue.pull_request } : {}),
  });
  const commentJson = (comment: FakeComment) => ({
    id: comment.id,
    body: comment.body,
    user: comment.user,
    html_url: `${htmlUrl(comment.issue)}#issuecomment-${comment.id}`,
  });

  const readBody = async (request: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  };

  const send = (response: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    response.end(JSON.stringify(json));
  };

  const paginate = (response: ServerResponse, url: URL, items: unknown[]) => {
    const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 30), pageSize);
    const page = Number(url.searchParams.get("page") ?? 1);
    const headers: Record<string, string> = {};
    if (page * perPage < items.length) {
      const next = new URL(url);
      next.searchParams.set("page", String(page + 1));
      headers.link = `<${next.href}>; rel="next"`;
    }
    send(response, 200, items.slice((page - 1) * perPage, page * perPage), headers);
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    const body = await readBody(request);
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      body,
    });
    if (request.headers.authorization !== `token ${token}`) return send(response, 401, { message: "Bad credentials" });
    if (!url.pathname.startsWith(`${prefix}/`)) return send(response, 404, { message: "Not Found" });
    const route = `${request.method} ${url.pathname.slice(prefix.length)}`;
    const input = (body ?? {}) as Record<string, unknown>;
    let match: RegExpExecArray | null;

    if (route === "GET /issues") {
      const state = url.searchParams.get("state") ?? "open";
      const labels = (url.searchParams.get("labels") ?? "").split(",").filter(Boolean);
      const selected = issues
        .filter((issue) => state === "all" || issue.state === state)
        .filter((issue) => labels.every((label) => issue.labels.includes(label)))
        .sort((a, b) => b.number - a.number);
      return paginate(response, url, selected.map(issueJson));
    }
    if (route === "POST /issues") {
      const issue: FakeIssue = {
        number: nextNumber++,
        title: String(input.title),
        body: String(input.body ?? ""),
        state: "open",
        // As on GitHub, a label the repository does not have may be dropped without an error.
        labels: options.dropsIssueLabels
          ? []
          : ((input.labels as string[] | undefined) ?? []).filter((label) => labels.has(label)),
      };
      issues.push(issue);
      return send(response, 201, issueJson(issue));
    }
    if ((match = /^PATCH \/issues\/(\d+)$/.exec(route))) {
      const issue = issues.find((each) => each.number === Number(match![1]));
      if (!issue) return send(response, 404, { message: "Not Found" });
      if (typeof input.title === "string") issue.title = input.title;
      if (typeof input.body === "string") issue.body = input.body;
      if (input.state === "open" || input.state === "closed") issue.state = input.state;
      if (typeof input.state_reason === "string") issue.state_reason = input.state_reason;
      return send(response, 200, issueJson(issue));
    }
    if ((match = /^GET \/issues\/(\d+)\/comments$/.exec(route))) {
      return paginate(
        response,
        url,
        comments.filter((comment) => comment.issue === Number(match![1])).map(commentJson),
      );
    }
    if ((match = /^POST \/issues\/(\d+)\/comments$/.exec(route))) {
      const comment: FakeComment = {
        id: nextId++,
        issue: Number(match[1]),
        body: String(input.body),
        user: { login: "github-actions[bot]", type: "Bot" },
      };
      comments.push(comment);
      return send(response, 201, commentJson(comment));
    }
    if ((match = /^PATCH \/issues\/comments\/(\d+)$/.exec(route))) {
      const comment = comments.find((each) => each.id === Number(match![1]));
      if (!comment) return send(response, 404, { message: "Not Found" });
      comment.body = String(input.body);
      return send(response, 200, commentJson(comment));
    }
    if (route === "GET /labels")
      return paginate(
        response,
        url,
        [...labels].map((name) => ({ name })),
      );
    if (route === "POST /labels") {
      labels.add(String(input.name));
      return send(response, 201, { name: input.name, color: input.color, description: input.description });
    }
    if ((match = /^GET \/pulls\/(\d+)\/commits$/.exec(route))) {
      const pull = pulls.find((each) => each.number === Number(match![1]));
      if (!pull) return send(response, 404, { message: "Not Found" });
      // As on GitHub, at most 250 commits are listed, whatever the pages.
      const listed = (pull.commits ?? []).slice(0, 250).map((commit) => ({
        sha: commit.sha,
        commit: { message: commit.message },
        parents: commit.parents.map((sha) => ({ sha })),
      }));
      return paginate(response, url, listed);
    }
    if ((match = /^GET \/pulls\/(\d+)$/.exec(route))) {
      const pull = pulls.find((each) => each.number === Number(match![1]));
      return pull
        ? send(response, 200, { number: pull.number, state: pull.state, head: pull.head })
        : send(response, 404, { message: "Not Found" });
    }
    return send(response, 404, { message: `no such endpoint in the stand-in: ${route}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  cleanups.push(close);

  return {
    url: `http://127.0.0.1:${port}`,
    owner,
    repo,
    token,
    requests,
    issues,
    comments,
    pulls,
    labels,
    /** The environment the runner gives an action that talks to this API. */
    env: { GITHUB_API_URL: `http://127.0.0.1:${port}`, GITHUB_REPOSITORY: `${owner}/${repo}`, INPUT_TOKEN: token },
    /** Requests other than reads, in order: what the action changed. */
    writes: () =>
      requests
        .filter((request) => request.method !== "GET")
        .map((request) => `${request.method} ${request.path.slice(prefix.length)}`),
    clearRequests: () => requests.splice(0),
    addComment: (issue: number, body: string, user: FakeComment["user"]) =>
      comments.push({ id: nextId++, issue, body, user }),
    close,
  };
};
export type FakeGitHubApi = Awaited<ReturnType<typeof startFakeGitHubApi>>;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((close) => close()));
});
