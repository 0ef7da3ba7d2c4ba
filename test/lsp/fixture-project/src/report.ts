import { greet } from './greet.js'

export function report(): string {
  return greet('report')
}
