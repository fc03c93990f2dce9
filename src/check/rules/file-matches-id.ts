import type { FactCheck } from "./types.ts";

/** `facts/<domain>/<id>.json`: the file name is the id and the folder is the domain. */
export const fileMatchesId: FactCheck = ({ doc, fact }) => {
  const segments = doc.file.split("/");
  const fileName = segments.at(-1) ?? "";
  const folder = segments.at(-2) ?? "";
  const problems = [];
  if (fileName !== `${fact.id}.json`) {
    problems.push(doc.problemAt(["id"], `id "${fact.id}" does not match the file name "${fileName}" (expected ${fact.id}.json)`));
  }
  if (folder !== fact.domain) {
    problems.push(doc.problemAt(["domain"], `domain "${fact.domain}" does not match the folder "${folder}" (expected facts/${fact.domain}/)`));
  }
  return problems;
};
