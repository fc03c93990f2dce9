import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { JWKS_CONTENT_TYPE, SERVICE } from "../../lib/config.ts";
import { addDays } from "../../lib/dates.ts";
import { jsonText, type SiteFiles } from "../site-files.ts";
import type { SiteModel } from "../site-model.ts";

/**
 * `/.well-known/api-catalog` (RFC 9727 linkset), `/.well-known/security.txt` (RFC 9116) and `/.well-known/jwks.json`
 * (RFC 7517), the public keys of the manifest's signature. The key set is published whether or not this build is
 * signed, so a consumer can always see which keys the repository stands behind.
 */
export const renderWellKnown = (model: SiteModel): SiteFiles => {
  const apiCatalog = {
    linkset: [
      {
        anchor: `${model.urls.base}${SITE_PATHS.api}`,
        "service-desc": [{ href: model.urls.openApi, type: "application/openapi+json" }],
        "service-doc": [{ href: model.urls.catalogPage, type: "text/html" }],
        "service-meta": [
          { href: model.urls.manifest, type: "application/json" },
          { href: `${model.urls.base}${SITE_PATHS.jwks}`, type: JWKS_CONTENT_TYPE },
        ],
        item: [
          { href: model.urls.catalog, type: "application/json" },
          { href: model.urls.feed, type: "application/rss+xml" },
        ],
      },
    ],
  };
  // Expires must lie ahead of readers; it is tied to the data's date so that builds stay reproducible.
  const expires = `${addDays(model.generatedAt.slice(0, 10), 365)}T00:00:00Z`;
  const securityTxt = [
    `Contact: mailto:${SERVICE.contactEmail}`,
    `Expires: ${expires}`,
    "Preferred-Languages: en",
    `Canonical: ${model.urls.base}${SITE_PATHS.securityTxt}`,
    "",
  ].join("\n");
  return new Map([
    [SITE_PATHS.apiCatalog, jsonText(apiCatalog)],
    [SITE_PATHS.securityTxt, securityTxt],
    [SITE_PATHS.jwks, jsonText(model.signingKeys)],
  ]);
};
