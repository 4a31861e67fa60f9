import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FormSpecSchema, type FormField, type FormSpec } from '../../../shared/form-schema'
import { LIMITS } from '../../../shared/limits'
import { namesSecret, SECRET_FIELD_REASON } from './credential-field'
import { formFromSchema } from './form-from-schema'

const read = (properties: unknown, extra: Record<string, unknown> = {}) =>
  formFromSchema({
    message: 'Please fill this in',
    requestedSchema: { type: 'object', properties, ...extra },
  })

/** The fields of a schema that must be read. */
function fieldsOf(properties: unknown, extra: Record<string, unknown> = {}): FormField[] {
  const result = read(properties, extra)
  if (!result.ok) throw new Error(`refused: ${result.message}`)
  expect(FormSpecSchema.safeParse(result.form).success).toBe(true)
  return result.form.fields
}

const only = (property: unknown, required = false): FormField => {
  const [field] = fieldsOf({ f: property }, required ? { required: ['f'] } : {})
  if (!field) throw new Error('no field')
  return field
}

describe('form from schema: fields', () => {
  it('reads a string with its bounds, format, pattern as a hint, default, title and description', () => {
    expect(
      only(
        {
          type: 'string',
          title: 'Project name',
          description: 'Lower case',
          minLength: 3,
          maxLength: 20,
          pattern: '^(a+)+$',
          default: 'parley',
        },
        true,
      ),
    ).toEqual({
      type: 'text',
      key: 'f',
      title: 'Project name',
      description: 'Lower case',
      required: true,
      minLength: 3,
      maxLength: 20,
      pattern: '^(a+)+$',
      default: 'parley',
    })
  })

  it('keeps the formats it checks and reads others as plain text', () => {
    for (const format of ['email', 'uri', 'date', 'date-time'])
      expect(only({ type: 'string', format })).toMatchObject({ type: 'text', format })
    expect(only({ type: 'string', format: 'uuid' })).not.toHaveProperty('format')
  })

  it('titles a field by its property name when it has no title', () => {
    expect(only({ type: 'string' })).toMatchObject({ title: 'f' })
    expect(only({ type: 'string', title: '   ' })).toMatchObject({ title: 'f' })
  })

  it('caps a string longer than Parley sends at its own bound', () => {
    expect(only({ type: 'string', maxLength: 1_000_000 })).toMatchObject({
      maxLength: LIMITS.formString,
    })
  })

  it('reads numbers and integers with bounds and default', () => {
    expect(only({ type: 'integer', minimum: 1, maximum: 16, default: 4 })).toEqual({
      type: 'number',
      key: 'f',
      title: 'f',
      required: false,
      integer: true,
      minimum: 1,
      maximum: 16,
      default: 4,
    })
    expect(only({ type: 'number', minimum: 'low', default: Infinity })).toEqual({
      type: 'number',
      key: 'f',
      title: 'f',
      required: false,
      integer: false,
    })
  })

  it('reads a boolean with its default', () => {
    expect(only({ type: 'boolean', default: true })).toMatchObject({
      type: 'boolean',
      default: true,
    })
  })

  it('reads a single choice from enum with enumNames', () => {
    expect(
      only({
        type: 'string',
        enum: ['eu', 'us'],
        enumNames: ['Europe', 'United States'],
        default: 'us',
      }),
    ).toEqual({
      type: 'choice',
      key: 'f',
      title: 'f',
      required: false,
      other: false,
      default: 'us',
      options: [
        { value: 'eu', label: 'Europe' },
        { value: 'us', label: 'United States' },
      ],
    })
  })

  it('reads a single choice from oneOf const and title, keeping descriptions', () => {
    expect(
      only({
        type: 'string',
        oneOf: [{ const: 'stable', title: 'Stable', description: 'Everyone' }, { const: 'beta' }],
      }),
    ).toMatchObject({
      type: 'choice',
      options: [
        { value: 'stable', label: 'Stable', description: 'Everyone' },
        { value: 'beta', label: 'beta' },
      ],
    })
  })

  it('drops a repeated choice value instead of showing two radios that mean one thing', () => {
    expect(only({ type: 'string', enum: ['a', 'a', 'b'] })).toMatchObject({
      options: [
        { value: 'a', label: 'a' },
        { value: 'b', label: 'b' },
      ],
    })
  })

  it('reads a multi-select from items.enum and from items.anyOf, with item bounds and default', () => {
    expect(
      only({
        type: 'array',
        minItems: 1,
        maxItems: 2,
        items: { type: 'string', enum: ['linux', 'mac'] },
        default: ['mac', 7],
      }),
    ).toEqual({
      type: 'multi',
      key: 'f',
      title: 'f',
      required: false,
      other: false,
      minItems: 1,
      maxItems: 2,
      default: ['mac'],
      options: [
        { value: 'linux', label: 'linux' },
        { value: 'mac', label: 'mac' },
      ],
    })
    expect(
      only({ type: 'array', items: { anyOf: [{ const: 'a', title: 'A', description: 'first' }] } }),
    ).toMatchObject({ type: 'multi', options: [{ value: 'a', label: 'A', description: 'first' }] })
  })

  it('keeps fields in schema order and marks required ones', () => {
    const fields = fieldsOf(
      { b: { type: 'string' }, a: { type: 'boolean' }, c: { type: 'number' } },
      { required: ['a', 'nope', 3] },
    )
    expect(fields.map((f) => [f.key, f.required])).toEqual([
      ['b', false],
      ['a', true],
      ['c', false],
    ])
  })
})

describe('form from schema: what Parley does not render', () => {
  it.each([
    ['format password', { type: 'string', format: 'password' }, 'f'],
    ['a password name', { type: 'string' }, 'password'],
    ['an apiKey name', { type: 'string' }, 'apiKey'],
    ['an API_KEY name', { type: 'string' }, 'API_KEY'],
    ['a token title', { type: 'string', title: 'GitHub token' }, 'gh'],
    ['a private key title', { type: 'string', title: 'Private key' }, 'k'],
    ['a 2FA code title', { type: 'string', title: '2FA code' }, 'code'],
    ['a one-time code title', { type: 'string', title: 'One-time code' }, 'code'],
    ['a credential name', { type: 'string' }, 'db_credentials'],
    ['a secret name', { type: 'string' }, 'clientSecret'],
    ["Codex's isSecret", { type: 'string', _meta: { codex: { isSecret: true } } }, 'answer'],
  ])('refuses a credential-like field (%s) as unsupported, with the reason', (_, property, key) => {
    const [field] = fieldsOf({ [key]: property }, { required: [key] })
    expect(field).toMatchObject({
      type: 'unsupported',
      required: true,
      reason: SECRET_FIELD_REASON,
    })
  })

  it.each([
    ['Vietnamese', 'Mật khẩu'],
    ['Thai', 'รหัสผ่าน'],
    ['Hebrew', 'סיסמה'],
    ['Czech', 'Heslo'],
    ['Hungarian', 'Jelszó'],
    ['Indonesian', 'Kata sandi'],
    ['Romanian', 'Parolă'],
    ['Croatian', 'Lozinka'],
    ['leet', 'p4ssw0rd'],
    ['dotted', 'p.a.s.s.w.o.r.d'],
    ['an SSN', 'SSN'],
    ['recovery words', 'Your 12 recovery words'],
    ['a key file', 'Contents of ~/.ssh/id_rsa'],
    ['a session cookie', 'Session cookie'],
    ['a banking login', 'IBAN and online banking login'],
  ])(
    'refuses a field named for a secret in another disguise (%s: %s), issue 31 item 9',
    (_, title) => {
      expect(only({ type: 'string', title })).toMatchObject({ type: 'unsupported' })
    },
  )

  it('does not mistake counts or ordinary words for secrets', () => {
    for (const name of [
      'max_tokens',
      'Token count',
      'passage',
      'keyboard',
      'Monkey name',
      'topic',
      'Port 5432',
      'SSH host',
      'Release 1.4',
    ])
      expect(namesSecret(name), name).toBe(name === 'Token count')
    expect(only({ type: 'integer', title: 'Max tokens' })).toMatchObject({ type: 'number' })
    expect(only({ type: 'boolean', title: 'Remember password' })).toMatchObject({ type: 'boolean' })
  })

  it.each([
    ['an integer Password', { type: 'integer', title: 'Password' }, 'p'],
    ['a number PIN', { type: 'number', title: 'PIN' }, 'pin'],
    ['an integer CVV', { type: 'integer', title: 'CVV' }, 'cvv'],
    ['an integer one-time code', { type: 'integer', title: 'One-time code' }, 'code'],
    ['a German Passwort', { type: 'string', title: 'Passwort' }, 'p'],
    ['a French mot de passe', { type: 'string', title: 'Mot de passe' }, 'p'],
    ['a Spanish contraseña', { type: 'string', title: 'Contraseña' }, 'p'],
    ['a Portuguese senha', { type: 'string', title: 'Senha' }, 'p'],
    ['a Russian пароль', { type: 'string', title: 'Пароль' }, 'p'],
    ['a Chinese 密码', { type: 'string', title: '请输入密码' }, 'p'],
    ['a fullwidth Password', { type: 'string', title: 'Ｐａｓｓｗｏｒｄ' }, 'p'],
    ['a Cyrillic look-alike Password', { type: 'string', title: 'Р\u0430ssw\u043erd' }, 'p'],
    ['a Greek look-alike Token', { type: 'string', title: '\u03a4\u03bfken' }, 'p'],
    ['a zero-width-split Password', { type: 'string', title: 'Pass\u200bword' }, 'p'],
    ['a spaced-out password', { type: 'string', title: 'p a s s w o r d' }, 'p'],
    ['"Your OpenAI key"', { type: 'string', title: 'Your OpenAI key' }, 'k'],
    [
      'a description that asks for a token',
      { type: 'string', title: 'Value', description: 'Paste your GitHub access token here' },
      'value',
    ],
    ['writeOnly', { type: 'string', title: 'Answer', writeOnly: true }, 'answer'],
  ])(
    'refuses a secret in any disguise (%s) as unsupported, number fields included (issue 20, item 10)',
    (_, property, key) => {
      expect(only(property)).toMatchObject({ type: 'unsupported', reason: SECRET_FIELD_REASON })
      expect(fieldsOf({ [key]: property })[0]).toMatchObject({ type: 'unsupported' })
    },
  )

  it('refuses every typed field of a form whose message asks for a secret, but not its choices', () => {
    const result = formFromSchema({
      message: 'Please enter your OpenAI API key',
      requestedSchema: {
        type: 'object',
        properties: {
          value: { type: 'string' },
          n: { type: 'integer' },
          region: { type: 'string', enum: ['eu', 'us'] },
        },
      },
    })
    expect(result.ok && result.form.fields.map((f) => [f.key, f.type])).toEqual([
      ['value', 'unsupported'],
      ['n', 'unsupported'],
      ['region', 'choice'],
    ])
  })

  it('does not take a description that says not to give a secret as asking for one', () => {
    const described = (description: string) =>
      only({ type: 'integer', title: 'Integer', description })
    expect(
      described(
        'Your favorite integer (do not give us your phone number, pin, or other sensitive info)',
      ),
    ).toMatchObject({ type: 'number' })
    expect(described('Never a password: just a count')).toMatchObject({ type: 'number' })
    expect(described('The PIN. It is never stored')).toMatchObject({ type: 'unsupported' })
    expect(described('Your PIN, which we never share')).toMatchObject({ type: 'unsupported' })
  })

  it('still shows ordinary number and text fields in many languages', () => {
    for (const title of ['Max tokens', 'Port', 'Nombre', 'Année', 'Количество', 'Page size'])
      expect(only({ type: 'integer', title }), title).toMatchObject({ type: 'number' })
    for (const title of ['Project name', 'Commit message', 'Sort key', 'Topic', 'Comment'])
      expect(only({ type: 'string', title }), title).toMatchObject({ type: 'text' })
  })

  it.each([
    ['an object type', { type: 'object', properties: {} }, 'type “object”'],
    ['a type list', { type: ['string', 'null'] }, 'of this type'],
    ['no type', { title: 'Mystery' }, 'does not say'],
    ['not an object', 'string', 'not described'],
    ['choices that are not text', { type: 'string', enum: [1, 2] }, 'choices'],
    ['an empty enum', { type: 'string', enum: [] }, 'choices'],
    ['a list of objects', { type: 'array', items: { type: 'object' } }, 'list'],
    ['a list without choices', { type: 'array', items: { type: 'string' } }, 'list'],
    ['impossible number bounds', { type: 'number', minimum: 5, maximum: 1 }, 'minimum is above'],
    ['impossible lengths', { type: 'string', minLength: 5, maxLength: 1 }, 'minimum is above'],
  ])('shows %s as unsupported, saying why', (_, property, reason) => {
    const field = only(property)
    expect(field.type).toBe('unsupported')
    expect(field.type === 'unsupported' && field.reason).toContain(reason)
  })
})

describe('form from schema: "Other"', () => {
  const claudeQuestion = {
    question_0: {
      type: 'string',
      title: 'Base',
      oneOf: [
        { const: 'astro', title: 'Astro official' },
        { const: 'paper', title: 'AstroPaper' },
      ],
    },
    question_0_custom: {
      type: 'string',
      title: 'Other',
      maxLength: 500,
      _meta: { _askUserQuestionCustomAnswer: { questionId: 'question_0', isCustomAnswer: true } },
    },
  }

  it('folds Claude Code\'s custom-answer field into its question as its "Other"', () => {
    const fields = fieldsOf(claudeQuestion, { required: ['question_0'] })
    expect(fields).toHaveLength(1)
    expect(fields[0]).toMatchObject({
      type: 'choice',
      key: 'question_0',
      required: true,
      other: true,
      otherKey: 'question_0_custom',
      otherMaxLength: 500,
    })
  })

  it('folds a companion that comes before its question, and into a multi-select', () => {
    const fields = fieldsOf({
      mine: {
        type: 'string',
        _meta: { _askUserQuestionCustomAnswer: { questionId: 'langs' } },
      },
      langs: { type: 'array', items: { anyOf: [{ const: 'ts' }, { const: 'go' }] } },
    })
    expect(fields).toEqual([
      expect.objectContaining({ key: 'langs', type: 'multi', otherKey: 'mine' }),
    ])
  })

  it('gives no "Other" where the schema does not allow one', () => {
    expect(only({ type: 'string', enum: ['a', 'b'] })).toMatchObject({ other: false })
    const fields = fieldsOf({
      q: { type: 'string', enum: ['a'] },
      note: { type: 'string', _meta: { _askUserQuestionCustomAnswer: { questionId: 'missing' } } },
      n: { type: 'number', _meta: { _askUserQuestionCustomAnswer: { questionId: 'q' } } },
    })
    expect(fields.map((f) => [f.key, f.type, 'other' in f && f.other])).toEqual([
      ['q', 'choice', false],
      ['note', 'text', false],
      ['n', 'number', false],
    ])
  })

  it('shows Codex\'s "None of the above" and note field as the ordinary fields they are', () => {
    const fields = fieldsOf({
      q1: {
        type: 'string',
        title: 'Which one?',
        oneOf: [
          { const: 'A', title: 'A' },
          { const: 'None of the above', title: 'None of the above' },
        ],
        _meta: { codex: { isOther: true, isSecret: false } },
      },
      q1_note: {
        type: 'string',
        title: 'Additional answer or note',
        _meta: { codex: { questionId: 'q1', role: 'user_note', isSecret: false } },
      },
    })
    expect(fields.map((f) => [f.key, f.type])).toEqual([
      ['q1', 'choice'],
      ['q1_note', 'text'],
    ])
  })
})

describe('form from schema: bounds, not trust', () => {
  it('refuses a schema that is not an object schema', () => {
    for (const requestedSchema of [null, [], 'x', { type: 'array' }, { properties: {} }])
      expect(formFromSchema({ message: 'm', requestedSchema }).ok).toBe(false)
    expect(read([])).toMatchObject({ ok: false })
    expect(read({}, { required: 'a' })).toMatchObject({ ok: false })
  })

  it('takes a form with no fields (a plain confirmation)', () => {
    expect(formFromSchema({ message: 'Go on?', requestedSchema: { type: 'object' } })).toEqual({
      ok: true,
      form: { message: 'Go on?', fields: [] },
    })
  })

  it('refuses more than 20 fields, more than 50 options, and over-long strings', () => {
    const many = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: 'string' }]))
    expect(read(many(20)).ok).toBe(true)
    expect(read(many(21))).toEqual({
      ok: false,
      message: 'The form has 21 fields; Parley shows at most 20.',
    })
    const options = (n: number) => ({
      type: 'string',
      enum: Array.from({ length: n }, (_, i) => `o${i}`),
    })
    expect(read({ f: options(50) }).ok).toBe(true)
    expect(read({ f: options(51) })).toMatchObject({
      ok: false,
      message: expect.stringContaining('51 choices'),
    })
    expect(read({ f: { type: 'string', title: 'x'.repeat(LIMITS.questionText + 1) } }).ok).toBe(
      false,
    )
    expect(read({ f: { type: 'string', default: 'x'.repeat(LIMITS.formString + 1) } }).ok).toBe(
      false,
    )
    expect(read({ f: { type: 'string', enum: ['x'.repeat(LIMITS.optionLabel + 1)] } }).ok).toBe(
      false,
    )
    expect(read({ ['k'.repeat(LIMITS.formKey + 1)]: { type: 'string' } }).ok).toBe(false)
    expect(
      formFromSchema({
        message: 'm'.repeat(LIMITS.formMessage + 1),
        requestedSchema: { type: 'object' },
      }).ok,
    ).toBe(false)
  })

  it('refuses a field named __proto__', () => {
    const properties = JSON.parse('{"__proto__": {"type": "string"}}') as unknown
    expect(read(properties)).toEqual({
      ok: false,
      message: 'A field may not be named "__proto__".',
    })
  })

  it('reads deeply nested junk at fixed depth without recursing into it', () => {
    let deep: unknown = { type: 'string' }
    for (let i = 0; i < 100_000; i++) deep = { items: deep, anyOf: [deep] }
    expect(only({ type: 'array', items: deep })).toMatchObject({ type: 'unsupported' })
  })

  it('never throws and only ever returns a form within the bounds, whatever it is sent', () => {
    const leaf = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('string', 'number', 'integer', 'boolean', 'array', 'object', 'password'),
    )
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(
        fc.constantFrom(
          'type',
          'enum',
          'oneOf',
          'anyOf',
          'items',
          'const',
          'title',
          'format',
          'minimum',
          'maxItems',
          'default',
          '_meta',
          'x',
        ),
        tie('value'),
        { maxKeys: 5 },
      ),
    })).value
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 25 }),
        json,
        (properties, required) => {
          const result = formFromSchema({
            message: 'm',
            requestedSchema: { type: 'object', properties, required },
          })
          if (result.ok) {
            const spec: FormSpec = result.form
            expect(FormSpecSchema.safeParse(spec).success).toBe(true)
          } else expect(result.message.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 300 },
    )
  })
})
