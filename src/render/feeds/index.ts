export { renderChangeFeeds } from "./render-change-feeds.ts";
export { renderFactFeeds } from "./render-fact-feeds.ts";
export { renderFeed } from "./render-feed.ts";
export { renderUpcoming } from "./render-upcoming.ts";
export { UPCOMING_WINDOW_DAYS, upcomingItems } from "./upcoming-items.ts";
