/**
 * Whether a form field asks for a secret. ACP and MCP form mode is for non-sensitive data: a
 * field that wants a password, a token, a key or a one-time code is shown as unsupported and
 * never rendered as an input, so no secret is ever typed, held in a draft, or written to the log.
 */

/** Words that name a secret on their own. "tokens" (a count) is deliberately not one. */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'pwd',
  'token',
  'secret',
  'credential',
  'credentials',
  'apikey',
  'privatekey',
  'otp',
  'totp',
  'hotp',
  '2fa',
  'mfa',
  'cvv',
  'cvc',
])

/** Two words in a row that name a secret together. */
const SECRET_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['api', 'key'],
  ['private', 'key'],
  ['access', 'key'],
  ['secret', 'key'],
  ['ssh', 'key'],
  ['signing', 'key'],
  ['one', 'time'],
  ['auth', 'code'],
  ['verification', 'code'],
  ['security', 'code'],
  ['recovery', 'code'],
  ['backup', 'code'],
]

/** `apiKey`, `API_KEY`, `x-api-key`, "API key" → ["api", "key"]. */
function words(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')
}

/** Whether a property name or title names a secret. */
export function namesSecret(name: string): boolean {
  const list = words(name)
  if (list.some((w) => SECRET_WORDS.has(w))) return true
  return list.some((w, i) => SECRET_PAIRS.some(([a, b]) => w === a && list[i + 1] === b))
}

/** Why such a field is not shown, in the words the person reads at the field. */
export const SECRET_FIELD_REASON =
  'Parley does not take passwords, tokens or other secrets in a form. Give it to the agent another way if you trust it.'
