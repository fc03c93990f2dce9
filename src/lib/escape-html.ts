const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML element content and quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

/**
 * Text made safe to place in HTML element content only (never in an attribute): `&`, `<` and `>` are escaped and
 * quotes are left as they are, so a reader that shows the text without reading it as HTML sees no entity for an
 * apostrophe.
 */
export const escapeHtmlText = (text: string): string => text.replace(/[&<>]/g, (character) => ENTITIES[character]!);
