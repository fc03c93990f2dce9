export { signWebhook } from "./sign-webhook.ts";
