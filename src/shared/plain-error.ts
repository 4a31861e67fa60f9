/**
 * An error message in plain words: SDK class names (`AI_APICallError: `, a leading
 * `TypeError: `) say nothing to a person and are dropped.
 */
export function plainError(message: string): string {
  const plain = message
    .replace(/\bAI_[A-Za-z]*Error:\s*/g, '')
    .replace(/^[A-Za-z]*Error:\s*/, '')
    .trim()
  return plain || message
}

/** The message of anything thrown: an Error's own message, anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
