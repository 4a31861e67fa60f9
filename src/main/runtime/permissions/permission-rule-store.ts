import { readFileSync, realpathSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { PermissionRuleSchema, type PermissionRule } from '../../../shared/permission-rules'
import type { PermissionDecision } from '../../../shared/permission'
import type { RuleScope } from '../../../shared/permission-rules'
import { errorMessage } from '../../../shared/plain-error'
import { jsonSyntaxProblem } from '../settings/json-syntax-problem'
import { writePrivateFileSync } from '../settings/private-file'
import { newId } from '../sessions/session-state'
import type { LastingRule } from './permission-policy'

/** The most rules the file may hold: a bound, not a quota anyone should meet. */
const MAX_RULES = 2_000

/** A rule as kept on disk: what the bridge lists, plus the Remember key it covers. */
const StoredRuleSchema = PermissionRuleSchema.extend({ key: z.string().min(1).max(10_000) })
  .refine((rule) => (rule.scope === 'global') === (rule.workspace === undefined), {
    message: 'a session or project rule names its workspace, an all-projects rule none',
  })
  .refine((rule) => rule.scope !== 'session' || rule.sessionId !== undefined, {
    message: 'a session rule names its session',
  })
type StoredRule = z.infer<typeof StoredRuleSchema>

const RulesFileSchema = z.strictObject({
  version: z.literal(1),
  rules: z.array(StoredRuleSchema).max(MAX_RULES),
})

/** Where a call runs, as rules are keyed: its session and its workspace's real path. */
export interface RulePlace {
  sessionId: string
  workspace: string
}

/** A new rule: one part's Remember key, answered with Remember for a lasting scope. */
export interface NewRule {
  decision: PermissionDecision
  scope: RuleScope
  key: string
  label: string
  tool: string
  sessionTitle: string
}

/**
 * The workspace's real path, as rules are keyed (a symlinked checkout and its target are one
 * project). A folder that cannot be resolved is keyed by its absolute path.
 */
export function workspaceKey(workspace: string): string {
  try {
    return realpathSync(resolve(workspace))
  } catch {
    return resolve(workspace)
  }
}

/**
 * `<data-dir>/permission-rules.json`: the lasting permission rules, keyed by the workspace's real
 * path — in Parley's data folder, which the sandbox hides, never in a workspace, where an agent
 * could write an allow rule for itself. A file with a mistake (a hand edit gone wrong) is kept as
 * it is, named with its line and column in `problem`, and no rule from it applies and none is
 * added until it is fixed (it is read again when it changes on disk, so fixing it is enough).
 */
export class PermissionRuleStore {
  readonly path: string
  #rules: StoredRule[] = []
  /** The file's mtime and size when it was last read or written (to notice a hand edit). */
  #seen = ''
  problem: string | undefined

  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.path = join(dataDir, 'permission-rules.json')
  }

  /** The rules that apply to a call in this session and workspace (none while the file has a mistake). */
  applicable(place: RulePlace): LastingRule[] {
    this.#refresh()
    if (this.problem !== undefined) return []
    return this.#rules.filter((rule) => appliesAt(rule, place))
  }

  /**
   * Every rule (those of one workspace and the global ones, when `workspace` is given), newest
   * first. While the file has a mistake, none.
   */
  list(workspace?: string): PermissionRule[] {
    this.#refresh()
    if (this.problem !== undefined) return []
    const key = workspace === undefined ? undefined : workspaceKey(workspace)
    return this.#rules
      .filter((rule) => key === undefined || rule.workspace === undefined || rule.workspace === key)
      .map(({ key: _key, ...rule }) => rule)
      .reverse()
  }

  /**
   * Adds rules made by one answer, at `place`; a rule that already exists (same decision, scope,
   * place and key) is not added twice. False when nothing could be saved (the file has a mistake).
   */
  add(place: RulePlace, rules: readonly NewRule[]): boolean {
    this.#refresh()
    if (this.problem !== undefined) return false
    const at = this.now()
    const added: StoredRule[] = []
    for (const rule of rules) {
      const stored: StoredRule = {
        id: newId('rule'),
        decision: rule.decision,
        scope: rule.scope,
        ...(rule.scope === 'global' ? {} : { workspace: place.workspace }),
        label: rule.label,
        createdAt: at,
        uses: 0,
        tool: rule.tool,
        sessionId: place.sessionId,
        sessionTitle: rule.sessionTitle.slice(0, 200),
        key: rule.key,
      }
      const same = [...this.#rules, ...added].some(
        (r) =>
          r.decision === stored.decision &&
          r.scope === stored.scope &&
          r.key === stored.key &&
          r.workspace === stored.workspace &&
          (r.scope !== 'session' || r.sessionId === stored.sessionId),
      )
      if (!same) added.push(stored)
    }
    if (added.length === 0) return true
    if (this.#rules.length + added.length > MAX_RULES) return false
    this.#rules = [...this.#rules, ...added]
    this.#save()
    return true
  }

  /** Forgets a rule; false when there is none with that id (or the file has a mistake). */
  remove(ruleId: string): boolean {
    this.#refresh()
    if (this.problem !== undefined) return false
    const kept = this.#rules.filter((rule) => rule.id !== ruleId)
    if (kept.length === this.#rules.length) return false
    this.#rules = kept
    this.#save()
    return true
  }

  /** Forgets a session's own rules (the session was removed). */
  removeSession(sessionId: string): void {
    this.#refresh()
    if (this.problem !== undefined) return
    const kept = this.#rules.filter((r) => r.scope !== 'session' || r.sessionId !== sessionId)
    if (kept.length === this.#rules.length) return
    this.#rules = kept
    this.#save()
  }

  /** Counts one use of each rule that decided a call. */
  used(ruleIds: readonly string[]): void {
    if (ruleIds.length === 0 || this.problem !== undefined) return
    const at = this.now()
    this.#rules = this.#rules.map((rule) =>
      ruleIds.includes(rule.id) ? { ...rule, uses: rule.uses + 1, lastUsedAt: at } : rule,
    )
    this.#save()
  }

  #refresh(): void {
    let stamp: string
    try {
      const stat = statSync(this.path)
      stamp = `${stat.mtimeMs}:${stat.size}`
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      stamp = code === 'ENOENT' ? 'missing' : `error:${code ?? ''}`
    }
    if (stamp === this.#seen) return
    this.#seen = stamp
    this.#load()
  }

  #load(): void {
    let text: string
    try {
      text = readFileSync(this.path, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      this.#rules = []
      this.problem =
        code === 'ENOENT'
          ? undefined
          : this.#kept(`${this.path} cannot be read (${code ?? errorMessage(error)})`)
      return
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      const { line, column, message } = jsonSyntaxProblem(text, error)
      this.#rules = []
      this.problem = this.#kept(`${this.path}:${line}:${column}: ${message}`)
      return
    }
    const parsed = RulesFileSchema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
      this.#rules = []
      this.problem = this.#kept(`${this.path}: ${where}${issue?.message ?? 'not a rules file'}`)
      return
    }
    this.problem = undefined
    this.#rules = parsed.data.rules
  }

  #kept(where: string): string {
    return `${where} (the file was left as it is; no permission rule from it applies, and none is saved, until it is fixed)`
  }

  #save(): void {
    const content = `${JSON.stringify({ version: 1, rules: this.#rules }, null, 2)}\n`
    writePrivateFileSync(this.path, content, { fsync: true })
    try {
      const stat = statSync(this.path)
      this.#seen = `${stat.mtimeMs}:${stat.size}`
    } catch {
      this.#seen = ''
    }
  }
}

function appliesAt(rule: StoredRule, place: RulePlace): boolean {
  switch (rule.scope) {
    case 'global':
      return true
    case 'project':
      return rule.workspace === place.workspace
    case 'session':
      return rule.sessionId === place.sessionId && rule.workspace === place.workspace
  }
}
