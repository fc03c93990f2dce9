/** Text formats (HTML, JSON and `+json`, XML and `+xml`, SVG) gain from gzip and brotli; images and fonts are compressed already. */
export const isCompressible = (contentType: string): boolean =>
  /^(text\/[\w.+-]+|application\/([\w.+-]+\+)?(json|xml)|image\/svg\+xml)\s*(;|$)/.test(contentType);
