import type { FactCheck } from "./types.ts";

export const effectiveBeforeExpiry: FactCheck = ({ doc, fact }) =>
  fact.effective_iso > fact.expires_iso
    ? [doc.problemAt(["expires_iso"], `expires_iso ${fact.expires_iso} is before effective_iso ${fact.effective_iso}`)]
    : [];
