import { router } from "./trpc";

// PLACEHOLDER: filled by the calendar integration work (issue 6).
export const calendarRouter = router({});
