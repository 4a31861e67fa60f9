/** A bridge call that failed: the host refused it, the reply was malformed, or the link dropped. */
export class BridgeCallError extends Error {
  constructor(
    readonly method: string,
    readonly reason:
      'invalid_input' | 'forbidden' | 'unknown_method' | 'internal' | 'disconnected' | 'bad_reply',
    message: string,
  ) {
    super(`${method}: ${message}`)
    this.name = 'BridgeCallError'
  }
}
