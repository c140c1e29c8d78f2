// `node dist/generator/manifest/write-standalone.js` (run by `npm run build`): writes the manifest
// validator's and the 2020-12 meta-schema validator's standalone code next to the compiled
// loader (standalone-validator.ts).
import { writeFileSync } from "node:fs";
import { metaStandaloneSource, standaloneSource } from "./standalone-source.js";
import { META_STANDALONE_FILE, STANDALONE_FILE } from "./standalone-validator.js";

writeFileSync(new URL(`./${STANDALONE_FILE}`, import.meta.url), standaloneSource());
writeFileSync(new URL(`./${META_STANDALONE_FILE}`, import.meta.url), metaStandaloneSource());
