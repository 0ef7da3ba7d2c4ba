import { z } from 'zod'

/** The input of the tools that ask about one position of a file. */
export const positionInput = {
  file_path: z.string().describe('Workspace path of the file, e.g. src/index.ts.'),
  line: z.number().int().min(1).describe('Line of the position, 1-based.'),
  column: z.number().int().min(1).describe('Column of the position, 1-based, counting characters; put it on the name.'),
}
