/** The loopback Google of test/fakes/google-calendar.ts in its own Bun process, for e2e/google-calendar.e2e.ts. Usage: bun e2e/support/google-calendar-fake.ts <port> */
import { startFakeGoogle } from "../../test/fakes/google-calendar";

await startFakeGoogle({ port: Number(process.argv[2] ?? 0) });
