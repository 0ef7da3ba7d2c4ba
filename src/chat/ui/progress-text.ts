const progressTextChars = 100
// Control characters, and the bidi marks and overrides that reorder what a terminal shows.
// eslint-disable-next-line no-control-regex -- finding them is the point
const unprintable = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g

/**
 * What a tool said, for the one status line: control characters (a tool's words are not trusted to
 * drive the terminal) and line breaks become spaces, long text is cut, and `done/total` is added
 * when the tool counts and its words do not say it already.
 */
export function progressText(event: {
  readonly message: string
  readonly progress?: number
  readonly total?: number
}): string {
  const words = event.message.replace(unprintable, ' ').trim()
  const cut = words.length > progressTextChars ? `${words.slice(0, progressTextChars - 1)}…` : words
  const count =
    event.progress === undefined
      ? ''
      : event.total === undefined
        ? `${event.progress}`
        : `${event.progress}/${event.total}`
  if (count === '' || cut.includes(count)) return cut
  return cut === '' ? count : `${cut} (${count})`
}
