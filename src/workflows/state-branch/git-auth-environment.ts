/**
 * Environment that makes git send the workflow token to the GitHub server, through GIT_CONFIG_* variables so the
 * token is in no command line, no `.git/config` and no file left behind. Without a token (a public repository read,
 * or a local remote in tests) git runs unauthenticated.
 */
export const gitAuthEnvironment = (token: string | undefined, serverUrl: string | undefined): NodeJS.ProcessEnv => {
  if (!token) return {};
  const key = serverUrl ? `http.${serverUrl.replace(/\/+$/, "")}/.extraheader` : "http.extraheader";
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: key,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`,
  };
};
