import { z } from "zod";

/** One recipient of the quarterly digest. */
export const DigestSubscriber = z.strictObject({
  email: z.email({ error: "must be an email address" }),
  name: z.string().trim().min(1).max(200).optional(),
});
export type DigestSubscriber = z.infer<typeof DigestSubscriber>;
