import { wordlist as BIP39_ENGLISH } from '@scure/bip39/wordlists/english.js'
import type { FormResponse } from '../shared/form-schema'

/**
 * Credential-shaped values in an answer about to be sent: a form field's name can hide what it
 * asks for ("p4ssw0rd", a language the name check does not know), so the tray also looks at what
 * was typed. A match is not refused; it needs a second, explicit confirmation that names who
 * receives it. Each shape is a published, fixed format (a vendor's key prefix, PEM, JWT, BIP-39).
 */
const SHAPES: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'an Anthropic API key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/ },
  { what: 'an API key (sk-…)', pattern: /\bsk-(?!ant-)[A-Za-z0-9_-]{16,}/ },
  {
    what: 'a GitHub token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/,
  },
  { what: 'an AWS access key', pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/ },
  { what: 'a Slack token', pattern: /\bxox[bpaors]-[A-Za-z0-9-]{10,}/ },
  { what: 'a private key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/ },
  {
    what: 'a sign-in token (JWT)',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/,
  },
]

const BIP39 = new Set(BIP39_ENGLISH)
/** The lengths a BIP-39 recovery phrase has. */
const PHRASE_LENGTHS = new Set([12, 15, 18, 21, 24])

/** Whether `text` is, as a whole, a wallet's recovery phrase: 12–24 words, all from BIP-39's list. */
function isRecoveryPhrase(text: string): boolean {
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s,]+/)
    .map((word) => word.replace(/^\d+[.)]/, ''))
    .filter((word) => word !== '')
  return PHRASE_LENGTHS.has(words.length) && words.every((word) => BIP39.has(word))
}

/** What credentials `text` looks like it holds, in words ("a GitHub token"); empty when none. */
export function credentialsIn(text: string): string[] {
  const found = SHAPES.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what)
  if (isRecoveryPhrase(text)) found.push('a recovery phrase')
  return found
}

/** The credentials an accepted form's answer holds, over every text value, each named once. */
export function credentialsInResponse(response: FormResponse): string[] {
  if (response.action !== 'accept') return []
  const texts = Object.values(response.content).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value : [],
  )
  return [...new Set(texts.flatMap(credentialsIn))]
}

/** "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}
