/** The sign of a positive number; nothing is returned for others, which the project's settings report. */
export function sign(value: number) {
  if (value > 0) return 1
}
