import unhomoglyph from 'unhomoglyph'

/**
 * Whether a form field asks for a secret. ACP and MCP form mode is for non-sensitive data: a
 * field that wants a password, a token, a key or a one-time code is shown as unsupported and
 * never rendered as an input, so no secret is ever typed, held in a draft, or written to the log.
 *
 * A name, title or description is compared after folding away the ways one word can be written
 * to look like another: compatibility forms (fullwidth "ｐａｓｓｗｏｒｄ"), invisible format
 * characters, diacritics ("contraseña"), and look-alike letters from other scripts (a Cyrillic
 * "раsswоrd"; Unicode's confusables, via unhomoglyph). The word list covers common languages.
 * It is a check on what the person is asked, not a boundary: a form that still slips through is
 * answered only by what the person types, and the tray always names who receives it.
 */

/** Phrases (one or more words, as written) that name a secret, in common languages. */
const SECRET_PHRASES = [
  // English. "tokens" (a count) and "key" alone (a sort key, a map key) are deliberately not here.
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'pwd',
  'pin',
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
  'cvv2',
  'cvc',
  'cvc2',
  'jwt',
  'bearer',
  'one time',
  'auth code',
  'verification code',
  'security code',
  'recovery code',
  'backup code',
  'seed phrase',
  'recovery phrase',
  'session cookie',
  'card number',
  'credit card',
  // German, Dutch, Scandinavian, Finnish, Polish, Turkish.
  'passwort',
  'kennwort',
  'geheimzahl',
  'zugangsdaten',
  'wachtwoord',
  'lösenord',
  'passord',
  'adgangskode',
  'salasana',
  'hasło',
  'şifre',
  // French, Spanish, Portuguese, Italian.
  'mot de passe',
  'motdepasse',
  'jeton',
  'clé api',
  'clé privée',
  'code de vérification',
  'code confidentiel',
  'contraseña',
  'clave',
  'secreto',
  'código de verificación',
  'clave privada',
  'senha',
  'chave privada',
  'chave de api',
  'código de verificação',
  'chiave privata',
  'codice di verifica',
  // Russian, Ukrainian, Greek, Arabic, Hindi.
  'пароль',
  'токен',
  'секрет',
  'секретный ключ',
  'код подтверждения',
  'κωδικός πρόσβασης',
  'συνθηματικό',
  'كلمة المرور',
  'كلمة السر',
  'पासवर्ड',
  // Vietnamese, Indonesian and Malay, Czech and Slovak, Slovenian, Hungarian, Romanian and Turkish
  // ("parola"), Croatian, Serbian and Bosnian, Bulgarian, Baltic, Swahili, Persian, Urdu, Bengali.
  'mật khẩu',
  'kata sandi',
  'kata laluan',
  'heslo',
  'geslo',
  'jelszó',
  'parolă',
  'lozinka',
  'лозинка',
  'парола',
  'slaptažodis',
  'parole',
  'parool',
  'nenosiri',
  'رمز عبور',
  'گذرواژه',
  'پاس ورڈ',
  'পাসওয়ার্ড',
  // Identity and money: a person's number and what signs into their bank.
  'ssn',
  'social security',
  'national insurance number',
  'iban',
  'online banking',
  'banking login',
  'bank login',
  // What unlocks a machine or a wallet, named by where it lives or what it is.
  'id rsa',
  'id dsa',
  'id ecdsa',
  'id ed25519',
  'recovery words',
  'seed words',
  'mnemonic',
  'cookie',
  'session id',
  'sessionid',
] as const

/** Words that make "key" a secret ("API key", "OpenAI key", "your key"); "sort key" is not one. */
const KEY_QUALIFIERS = [
  'api',
  'private',
  'access',
  'secret',
  'ssh',
  'signing',
  'license',
  'encryption',
  'master',
  'deploy',
  'openai',
  'ai',
  'anthropic',
  'github',
  'gitlab',
  'aws',
  'stripe',
  'google',
  'your',
  'my',
] as const

/**
 * Terms found anywhere in the text once separators are removed: long words no ordinary word
 * contains ("p a s s w o r d", "userpassword"), and words of scripts written without spaces.
 */
const SECRET_INFIXES = [
  'password',
  'passwort',
  'passphrase',
  'passcode',
  'kennwort',
  'wachtwoord',
  'contraseña',
  'motdepasse',
  'apikey',
  'privatekey',
  'secretkey',
  'accesstoken',
  'authtoken',
  'пароль',
  '密码',
  '口令',
  '令牌',
  '密钥',
  '验证码',
  'パスワード',
  '暗証番号',
  'トークン',
  '秘密鍵',
  '認証コード',
  '비밀번호',
  '암호',
  '인증코드',
  // Thai, Hebrew, Georgian, Armenian: written without the spaces the word list relies on.
  'รหัสผ่าน',
  'סיסמה',
  'סיסמא',
  'პაროლი',
  'գաղտնաբառ',
] as const

/**
 * Whether look-alikes are mapped before or after lower-casing, or digits and symbols read as the
 * letters they stand in for ("p4ssw0rd", "$ecret": `leet`) — see `foldedWords`.
 */
type FoldOrder = 'lower-first' | 'map-first' | 'leet'

/** Digits and symbols written for letters. */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
}

/**
 * The text folded for comparison, split into words: compatibility forms and invisible format
 * characters removed, diacritics stripped, `camelCase` split, lower case, look-alikes mapped to
 * one base character. Unicode maps some look-alikes by case (a Greek capital Tau is a "T", its
 * small letter is not a "t"), so look-alikes are mapped once before lower-casing and once after:
 * `order` says which.
 */
function foldedWords(text: string, order: FoldOrder): string[] {
  const plain = text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
  const lettered = order === 'leet' ? plain.replace(/[013457@$!]/g, (c) => LEET[c] ?? c) : plain
  const folded = order === 'map-first' ? unhomoglyph(lettered) : unhomoglyph(lettered.toLowerCase())
  return folded
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
}

/**
 * Words that, before a secret's name in the same clause, say it is not asked for ("do not give us
 * your PIN"). Only in descriptions and messages, never in a field's name or title.
 */
const NEGATIONS = [
  'not',
  'no',
  'never',
  'don',
  'doesn',
  'cannot',
  'without',
  'nicht',
  'kein',
  'keine',
  'niemals',
  'pas',
  'jamais',
  'sans',
  'nunca',
  'sin',
  'não',
  'nie',
  'не',
  'никогда',
  'без',
] as const

/** The word lists folded both ways, each compared with the text folded the same way. */
const FOLDS = (['lower-first', 'map-first', 'leet'] as const).map((order) => ({
  order,
  phrases: [...SECRET_PHRASES, ...KEY_QUALIFIERS.map((q) => `${q} key`)].map((phrase) =>
    foldedWords(phrase, order),
  ),
  infixes: SECRET_INFIXES.map((term) => foldedWords(term, order).join('')),
  negations: new Set(NEGATIONS.flatMap((word) => foldedWords(word, order))),
}))

type Fold = (typeof FOLDS)[number]

/** The indexes of the words where a secret's name starts in `words` (folded as `fold` says). */
function secretStarts(words: readonly string[], fold: Fold): number[] {
  const starts = new Set<number>()
  words.forEach((_, i) => {
    if (fold.phrases.some((phrase) => phrase.every((w, j) => words[i + j] === w))) starts.add(i)
  })
  // A term found across words ("p a s s w o r d") starts at the word its first letter is in.
  const joined = words.join('')
  const wordAt: number[] = words.flatMap((w, i) => Array.from(w, () => i))
  for (const term of fold.infixes) {
    for (let at = joined.indexOf(term); at >= 0; at = joined.indexOf(term, at + 1))
      starts.add(wordAt[at] ?? 0)
  }
  return [...starts]
}

/** Whether a property name or title names a secret. */
export function namesSecret(text: string): boolean {
  return FOLDS.some((fold) => secretStarts(foldedWords(text, fold.order), fold).length > 0)
}

/**
 * Whether a description or a form's message asks for a secret: it names one in a clause that does
 * not first say not to ("do not give us your phone number, PIN, or other sensitive info").
 */
export function asksForSecret(text: string): boolean {
  return text.split(/[.;!?()[\]\n。！？]/u).some((clause) =>
    FOLDS.some((fold) => {
      const words = foldedWords(clause, fold.order)
      const negated = words.findIndex((w) => fold.negations.has(w))
      return secretStarts(words, fold).some((start) => negated < 0 || start < negated)
    }),
  )
}

/** Why such a field is not shown, in the words the person reads at the field. */
export const SECRET_FIELD_REASON =
  'Parley does not take passwords, tokens or other secrets in a form. Give it to the agent another way if you trust it.'
