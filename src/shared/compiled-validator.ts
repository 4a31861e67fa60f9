import { z } from 'zod'

/** What a compiled validator answers: the parsed value, exactly as `schema.safeParse` gives it. */
export type Checked<T> = { success: true; data: T } | { success: false }

/** Returned by a compiled node for a value its schema rejects. */
const INVALID: unique symbol = Symbol('invalid')
type Node = (value: unknown) => unknown
type Field = { key: string; node: Node }

type Def = z.core.$ZodTypeDef & Record<string, unknown>
type CheckDef = { check: string } & Record<string, unknown>

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as Def
const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as z.core.$ZodCheck[] | undefined) ?? []).map((c) => c._zod.def as CheckDef)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Compiles a zod schema into a plain function that accepts and rejects exactly what
 * `schema.safeParse` does and returns the same data, without zod's per-call bookkeeping (issue
 * lists, union retries, the record and lazy machinery) and without `eval`, so it is as fast in a
 * page under a strict CSP as in Node.
 *
 * Only shapes whose meaning is plain are compiled: strict objects, strings with length and regex
 * checks, finite numbers with bounds and `.int()`, booleans, null, literals, enums, arrays,
 * string-keyed records, optional, nullable, lazy, unions and discriminated unions. Any other node
 * (a refinement, a transform such as `.trim()`, a default, a loose object) is handed to zod itself,
 * so a schema change can make the validator slower but never different. A property test compares
 * the two on generated valid and corrupted records.
 */
export function compileValidator<S extends z.ZodType>(
  schema: S,
): (value: unknown) => Checked<z.output<S>> {
  const node = compileNode(schema, new Map())
  return (value) => {
    const data = node(value)
    return data === INVALID ? { success: false } : { success: true, data: data as z.output<S> }
  }
}

function delegate(schema: z.core.$ZodType): Node {
  return (value) => {
    const result = z.safeParse(schema, value)
    return result.success ? result.data : INVALID
  }
}

function compileNode(schema: z.core.$ZodType, seen: Map<z.core.$ZodType, Node>): Node {
  const known = seen.get(schema)
  if (known) return known
  // Recursive schemas (JSON values) reach themselves through `lazy`: hand out a forwarder first.
  const slot: { node?: Node } = {}
  seen.set(schema, (value) => (slot.node as Node)(value))
  const compiled = build(schema, seen)
  slot.node = compiled
  seen.set(schema, compiled)
  return compiled
}

function build(schema: z.core.$ZodType, seen: Map<z.core.$ZodType, Node>): Node {
  const def = defOf(schema)
  switch (def.type) {
    case 'string':
      return stringNode(schema, def)
    case 'number':
      return numberNode(schema, def)
    case 'boolean':
      return checksOf(def).length > 0
        ? delegate(schema)
        : (value) => (typeof value === 'boolean' ? value : INVALID)
    case 'null':
      return (value) => (value === null ? value : INVALID)
    case 'unknown':
    case 'any':
      return (value) => value
    case 'never':
      return () => INVALID
    case 'literal': {
      const values = def.values as readonly unknown[]
      return (value) => (values.includes(value) ? value : INVALID)
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>))
      return (value) =>
        (typeof value === 'string' || typeof value === 'number') && values.has(value)
          ? value
          : INVALID
    }
    case 'optional': {
      const inner = compileNode(def.innerType as z.core.$ZodType, seen)
      return (value) => (value === undefined ? value : inner(value))
    }
    case 'nullable': {
      const inner = compileNode(def.innerType as z.core.$ZodType, seen)
      return (value) => (value === null ? value : inner(value))
    }
    case 'lazy':
      // Recursion comes back through this same lazy schema, which `seen` already holds.
      return compileNode((def.getter as () => z.core.$ZodType)(), seen)
    case 'array':
      return arrayNode(schema, def, seen)
    case 'object':
      return objectNode(schema, def, seen)
    case 'record':
      return recordNode(schema, def, seen)
    case 'union':
      return unionNode(schema, def, seen)
    default:
      return delegate(schema)
  }
}

function stringNode(schema: z.core.$ZodType, def: Def): Node {
  let min = 0
  let max = Number.POSITIVE_INFINITY
  const patterns: RegExp[] = []
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number)
    else if (check.check === 'max_length') max = Math.min(max, check.maximum as number)
    else if (check.check === 'string_format' && check.format === 'regex')
      patterns.push(check.pattern as RegExp)
    else return delegate(schema)
  }
  if (patterns.length === 0)
    return (value) =>
      typeof value === 'string' && value.length >= min && value.length <= max ? value : INVALID
  // Ids repeat record after record (a turn's id, a call's id): a string that just passed passes.
  let lastPassed: string | undefined
  return (value) => {
    if (value === lastPassed) return value
    if (typeof value !== 'string' || value.length < min || value.length > max) return INVALID
    for (const pattern of patterns) {
      pattern.lastIndex = 0
      if (!pattern.test(value)) return INVALID
    }
    lastPassed = value
    return value
  }
}

function numberNode(schema: z.core.$ZodType, def: Def): Node {
  let integer = false
  let low = Number.NEGATIVE_INFINITY
  let lowInclusive = true
  let high = Number.POSITIVE_INFINITY
  let highInclusive = true
  const checks = checksOf(def)
  // One bound of each kind compiles; anything fancier (several bounds, multipleOf) stays with zod.
  const kinds = new Set(checks.map((c) => c.check))
  if (kinds.size !== checks.length) return delegate(schema)
  for (const check of checks) {
    if (check.check === 'number_format' && check.format === 'safeint') integer = true
    else if (check.check === 'greater_than' && typeof check.value === 'number') {
      low = check.value
      lowInclusive = check.inclusive === true
    } else if (check.check === 'less_than' && typeof check.value === 'number') {
      high = check.value
      highInclusive = check.inclusive === true
    } else return delegate(schema)
  }
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return INVALID
    if (integer && !Number.isSafeInteger(value)) return INVALID
    if (lowInclusive ? value < low : value <= low) return INVALID
    if (highInclusive ? value > high : value >= high) return INVALID
    return value
  }
}

function arrayNode(schema: z.core.$ZodType, def: Def, seen: Map<z.core.$ZodType, Node>): Node {
  let min = 0
  let max = Number.POSITIVE_INFINITY
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum as number)
    else if (check.check === 'max_length') max = Math.min(max, check.maximum as number)
    else return delegate(schema)
  }
  const element = compileNode(def.element as z.core.$ZodType, seen)
  return (value) => {
    if (!Array.isArray(value) || value.length < min || value.length > max) return INVALID
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      const parsed = element(item)
      if (parsed === INVALID) return INVALID
      if (parsed !== item) (out ??= value.slice())[i] = parsed
    }
    return out ?? value
  }
}

/** Strict objects only: their output is their input, with only transformed fields replaced. */
function objectNode(schema: z.core.$ZodType, def: Def, seen: Map<z.core.$ZodType, Node>): Node {
  const catchall = def.catchall as z.core.$ZodType | undefined
  if (checksOf(def).length > 0 || !catchall || defOf(catchall).type !== 'never')
    return delegate(schema)
  const shape = def.shape as Record<string, z.core.$ZodType>
  const keys = Object.keys(shape)
  const known = new Set(keys)
  const fields = keys.map((key) => ({
    key,
    node: compileNode(shape[key] as z.core.$ZodType, seen),
  }))
  // zod treats a missing key as `undefined` only where the field accepts it (optional fields).
  return (value) => {
    if (!isObject(value)) return INVALID
    // for…in allocates nothing (unlike Object.keys); an inherited key is not the object's own.
    for (const key in value) if (!known.has(key) && Object.hasOwn(value, key)) return INVALID
    let out: Record<string, unknown> | undefined
    for (let i = 0; i < fields.length; i++) {
      const { key, node } = fields[i] as Field
      const item = value[key]
      const parsed = node(item)
      if (parsed === INVALID) return INVALID
      if (parsed !== item) (out ??= { ...value })[key] = parsed
    }
    return out ?? value
  }
}

function recordNode(schema: z.core.$ZodType, def: Def, seen: Map<z.core.$ZodType, Node>): Node {
  const keyType = def.keyType as z.core.$ZodType
  const keyDef = defOf(keyType)
  if (keyDef.type !== 'string' || checksOf(keyDef).length > 0 || checksOf(def).length > 0)
    return delegate(schema)
  const slow = delegate(schema)
  const valueNode = compileNode(def.valueType as z.core.$ZodType, seen)
  return (value) => {
    if (!isObject(value)) return INVALID
    // zod rebuilds records by assignment, which drops an own `__proto__` key: keep its answer.
    if (Object.hasOwn(value, '__proto__')) return slow(value)
    let out: Record<string, unknown> | undefined
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue
      const item = value[key]
      const parsed = valueNode(item)
      if (parsed === INVALID) return INVALID
      if (parsed !== item) (out ??= { ...value })[key] = parsed
    }
    return out ?? value
  }
}

function unionNode(schema: z.core.$ZodType, def: Def, seen: Map<z.core.$ZodType, Node>): Node {
  const options = def.options as z.core.$ZodType[]
  const discriminator = def.discriminator as string | undefined
  if (discriminator === undefined) {
    // Only options that can take the value's kind are tried, in order (zod returns the first success).
    const byKind = new Map<Kind, Node[]>()
    for (const kind of KINDS) byKind.set(kind, [])
    for (const option of options) {
      const node = compileNode(option, seen)
      for (const kind of kindsOf(option)) byKind.get(kind)?.push(node)
    }
    return (value) => {
      for (const node of byKind.get(kindOf(value)) ?? []) {
        const parsed = node(value)
        if (parsed !== INVALID) return parsed
      }
      return INVALID
    }
  }
  const byTag = new Map<unknown, Node>()
  for (const option of options) {
    const optionDef = defOf(option)
    const tag =
      optionDef.type === 'object'
        ? (optionDef.shape as Record<string, z.core.$ZodType>)[discriminator]
        : undefined
    const tagDef = tag ? defOf(tag) : undefined
    if (tagDef?.type !== 'literal') return delegate(schema)
    const node = compileNode(option, seen)
    for (const literal of tagDef.values as unknown[]) byTag.set(literal, node)
  }
  return (value) => {
    if (!isObject(value)) return INVALID
    const node = byTag.get(value[discriminator])
    return node ? node(value) : INVALID
  }
}

const KINDS = ['string', 'number', 'boolean', 'null', 'array', 'object', 'other'] as const
type Kind = (typeof KINDS)[number]

function kindOf(value: unknown): Kind {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const type = typeof value
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object'
    ? type
    : 'other'
}

/** The kinds of value a schema can possibly accept (every kind when it cannot tell). */
function kindsOf(schema: z.core.$ZodType): readonly Kind[] {
  const def = defOf(schema)
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'array':
      return [def.type]
    case 'object':
    case 'record':
      return ['object']
    default:
      return KINDS
  }
}
