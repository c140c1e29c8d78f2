// `node dist/generator/manifest/write-standalone.js` (run by `npm run build`): writes the manifest
// validator's standalone code next to the compiled loader (standalone-validator.ts).
import { writeFileSync } from "node:fs";
import { STANDALONE_FILE, standaloneSource } from "./standalone-validator.js";

writeFileSync(new URL(`./${STANDALONE_FILE}`, import.meta.url), standaloneSource());
