/**
 * Text for xmlbuilder2's `txt()`, which escapes `<` and `>` but leaves an `&` that already looks like an entity
 * alone: "&lt;" in a fact's text would be written as is and read back as "<". Escaping every `&` first makes the
 * builder write exactly the text it is given.
 */
export const xmlText = (text: string): string => text.replaceAll("&", "&amp;");
