/** The part of the untyped `zipcodes` package (CommonJS) that the gazetteer reads. */
declare module "zipcodes" {
  export type ZipCodeRecord = {
    zip: string;
    latitude: number | null;
    longitude: number | null;
    city: string;
    state: string;
    country: "US" | "Canada";
  };
  /** Every ZIP (US) and FSA (Canada), keyed by code. */
  export const codes: Record<string, ZipCodeRecord>;
}
