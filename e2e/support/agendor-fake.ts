/**
 * The Agendor API fake for e2e/agendor.e2e.ts as its own Bun process (Playwright runs under Node;
 * the fake uses Bun.serve). Base URL http://127.0.0.1:<port>/v3; /__control/state lists what it holds.
 * Run: node_modules/.bin/bun e2e/support/agendor-fake.ts <port> <token>
 */
import { startFakeAgendor } from "../../test/fakes/agendor";

const port = Number(process.argv[2]);
const token = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || !token) throw new Error("uso: agendor-fake.ts <porta> <token>");
await startFakeAgendor({ port, token });
