/** "Para hoje": pending activities due today: built by the deal part of issue 14. */
export function DueTodayReminder() {
  return null;
}
