/** The words the Markdown renderer shows to people. */
export const markdownTexts = {
  /** Before an image's alt text: `[image: a cat] (cat.png)`. */
  image: 'image',
} as const
