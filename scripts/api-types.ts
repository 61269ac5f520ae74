// `npm run api:types`: writes the types openapi-typescript generates from the
// API's description (tests/helpers/openapi-types.ts says what they are for).
import fs from "node:fs";
import { openApiDocument } from "../app/features/openapi/document.server";
import { API_TYPES_FILE, apiTypes } from "../tests/helpers/openapi-types";

fs.writeFileSync(API_TYPES_FILE, await apiTypes(openApiDocument()));
console.log(`wrote ${API_TYPES_FILE}`);
