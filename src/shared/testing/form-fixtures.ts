import type { FormSpec } from '../form-schema'
import type { FormInteraction } from '../interactions'

/**
 * A form with every field type, as the runtime would build it from an ACP agent's schema:
 * required text with a length bound, an email, a date, an integer with bounds, a number, a
 * boolean, a single choice with descriptions, a choice with Claude Code's "Other" companion, a
 * multi-select with item bounds, and a credential field refused as unsupported (optional here).
 */
export function everyFieldForm(): FormSpec {
  return {
    message: 'Set up the release. Everything here goes to the release script.',
    fields: [
      {
        type: 'text',
        key: 'name',
        title: 'Project name',
        description: 'Lower case, no spaces.',
        required: true,
        minLength: 3,
        maxLength: 20,
        pattern: '^[a-z-]+$',
      },
      { type: 'text', key: 'email', title: 'Contact email', required: true, format: 'email' },
      { type: 'text', key: 'when', title: 'Release date', required: false, format: 'date' },
      {
        type: 'number',
        key: 'workers',
        title: 'Workers',
        required: true,
        integer: true,
        minimum: 1,
        maximum: 16,
        default: 4,
      },
      { type: 'number', key: 'ratio', title: 'Sample ratio', required: false, integer: false },
      { type: 'boolean', key: 'notify', title: 'Notify the team', required: false, default: true },
      {
        type: 'choice',
        key: 'channel',
        title: 'Channel',
        required: true,
        other: false,
        options: [
          { value: 'stable', label: 'Stable', description: 'Everyone gets it' },
          { value: 'beta', label: 'Beta', description: 'Opt-in testers' },
        ],
      },
      {
        type: 'choice',
        key: 'region',
        title: 'Region',
        required: false,
        other: true,
        otherKey: 'region_custom',
        options: [
          { value: 'eu', label: 'Europe' },
          { value: 'us', label: 'United States' },
        ],
      },
      {
        type: 'multi',
        key: 'targets',
        title: 'Targets',
        required: true,
        other: false,
        minItems: 1,
        maxItems: 2,
        options: [
          { value: 'linux', label: 'Linux' },
          { value: 'mac', label: 'macOS' },
          { value: 'win', label: 'Windows' },
        ],
      },
      {
        type: 'unsupported',
        key: 'api_token',
        title: 'API token',
        required: false,
        reason: 'Parley never takes secrets such as passwords or tokens in a form.',
      },
    ],
  }
}

/** A form interaction as the runtime would queue it. */
export function formInteraction(patch: Partial<FormInteraction> = {}): FormInteraction {
  return {
    kind: 'form',
    requestId: 'f1',
    sessionId: 's1',
    turnId: 't1',
    createdAt: Date.UTC(2026, 0, 1, 9, 32),
    recovered: false,
    source: { kind: 'acp', agent: 'Codex', rpcId: 7 },
    form: everyFieldForm(),
    draft: null,
    orphaned: false,
    ...patch,
  }
}
