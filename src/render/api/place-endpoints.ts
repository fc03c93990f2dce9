import { SITE_PATHS } from "../../../packages/client/src/index.ts";
import { type PlaceResponse, type PlacesIndex, SCHEMA_VERSION } from "../../schemas/index.ts";
import { jsonText, type SiteFiles, type SiteModel } from "../site-model.ts";

/** `/api/v1/places/index.json`: every place of the register by id (docs/consumers/api.md#places). */
export const renderPlacesIndex = (model: SiteModel): SiteFiles => {
  const index: PlacesIndex = {
    schema_version: SCHEMA_VERSION,
    places: model.places.map(({ id, name, kind, regional_district }) => ({ id, name, kind, regional_district })),
  };
  return new Map([[SITE_PATHS.placesIndex, jsonText(index)]]);
};

/**
 * `/api/v1/places/{id}.json`: one place with the periods of each rule that applies there by area
 * (docs/consumers/api.md#places).
 */
export const renderPlaceFiles = (model: SiteModel): SiteFiles => {
  const files: SiteFiles = new Map();
  for (const place of model.places) {
    const response: PlaceResponse = { schema_version: SCHEMA_VERSION, place };
    files.set(SITE_PATHS.place(place.id), jsonText(response));
  }
  return files;
};
