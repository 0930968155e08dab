/**
 * Entry of the extraction subprocess when running from source (bun --smol extract-main.ts).
 * The compiled binary has no such file: it re-executes itself and enters through server.ts.
 */
import { extractionMain } from "./extract-child";

await extractionMain();
