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
