/**
 * The Nuvemshop and Notion fakes for e2e/nuvemshop.e2e.ts as their own Bun process (Playwright runs
 * under Node; the fakes use Bun.serve): Nuvemshop on <port>, Notion on <port + 1>.
 * Run: node_modules/.bin/bun e2e/support/commerce-fakes.ts <port>
 */
import { startFakeNotion } from "../../test/fakes/notion";
import { startFakeNuvemshop } from "../../test/fakes/nuvemshop";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("uso: commerce-fakes.ts <porta>");
await startFakeNuvemshop({ port });
await startFakeNotion({ port: port + 1 });
