/** Greets someone by name. */
export function greet(name: string): string {
  return `Hello, ${name}!`
}

export class Greeter {
  readonly prefix: string

  constructor(prefix: string) {
    this.prefix = prefix
  }

  greetAll(names: readonly string[]): string[] {
    return names.map((name) => `${this.prefix} ${name}`)
  }
}
