import { expect, test } from "bun:test";
import { JOB_TYPES } from "../src/jobs/job-types";
import { jobTypes } from "../src/jobs/runner";

// /api/v1/health checks the queue's lag over JOB_TYPES (a light module, so a probe does not load
// every handler): a handler added to the runner without its name there would never be seen lagging.
test("health's job type list is exactly the runner's handler table", () => {
  expect([...JOB_TYPES].sort()).toEqual([...jobTypes].sort());
  expect(new Set(JOB_TYPES).size).toBe(JOB_TYPES.length);
});
