// The tools of @modelcontextprotocol/server-google-maps 0.6.2, as its tools/list published them
// (google-maps.json beside this file), written as functions for schemaof by collect.mjs --write-ts.
export interface MapsGeocodeInput {
  /** The address to geocode */
  address: string;
}

/** Convert an address into geographic coordinates */
export function mapsGeocode(input: MapsGeocodeInput): never {
  throw new Error("not implemented");
}

export interface MapsReverseGeocodeInput {
  /** Latitude coordinate */
  latitude: number;
  /** Longitude coordinate */
  longitude: number;
}

/** Convert coordinates into an address */
export function mapsReverseGeocode(input: MapsReverseGeocodeInput): never {
  throw new Error("not implemented");
}

export interface MapsSearchPlacesInput {
  /** Search query */
  query: string;
  /** Optional center point for the search */
  location?: {
    latitude?: number;
    longitude?: number;
  };
  /** Search radius in meters (max 50000) */
  radius?: number;
}

/** Search for places using Google Places API */
export function mapsSearchPlaces(input: MapsSearchPlacesInput): never {
  throw new Error("not implemented");
}

export interface MapsPlaceDetailsInput {
  /** The place ID to get details for */
  place_id: string;
}

/** Get detailed information about a specific place */
export function mapsPlaceDetails(input: MapsPlaceDetailsInput): never {
  throw new Error("not implemented");
}

export interface MapsDistanceMatrixInput {
  /** Array of origin addresses or coordinates */
  origins: string[];
  /** Array of destination addresses or coordinates */
  destinations: string[];
  /** Travel mode (driving, walking, bicycling, transit) */
  mode?: "driving" | "walking" | "bicycling" | "transit";
}

/** Calculate travel distance and time for multiple origins and destinations */
export function mapsDistanceMatrix(input: MapsDistanceMatrixInput): never {
  throw new Error("not implemented");
}

export interface MapsElevationInput {
  /** Array of locations to get elevation for */
  locations: {
    latitude: number;
    longitude: number;
  }[];
}

/** Get elevation data for locations on the earth */
export function mapsElevation(input: MapsElevationInput): never {
  throw new Error("not implemented");
}

export interface MapsDirectionsInput {
  /** Starting point address or coordinates */
  origin: string;
  /** Ending point address or coordinates */
  destination: string;
  /** Travel mode (driving, walking, bicycling, transit) */
  mode?: "driving" | "walking" | "bicycling" | "transit";
}

/** Get directions between two points */
export function mapsDirections(input: MapsDirectionsInput): never {
  throw new Error("not implemented");
}
