/**
 * How long a newly shown permission prompt or question ignores keys, in both UIs. Keys typed
 * while the agent works (type-ahead) must never answer a prompt that appeared mid-typing: an
 * "all good" must not approve `rm -rf build` with its `a`. Both UIs say the prompt is arming.
 */
export const PROMPT_ARMING_MS = 500
