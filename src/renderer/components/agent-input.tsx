import { createTwoFilesPatch } from 'diff'
import { useMemo } from 'react'
import { agentToolChanges, type AgentFileChange } from '../../shared/agent-activity'
import type { Json } from '../../shared/session-events'
import { jsonText } from '../../shared/tool-summary'
import { diffView } from '../../ui-common/diff-view'
import { PermissionDiff } from './permission-diff'
import { RevealedText } from './revealed-text'

/** An agent's file change, drawn with the diff view Parley's own edits get. */
function AgentChange({ change }: { change: AgentFileChange }) {
  const view = useMemo(
    () =>
      diffView(
        createTwoFilesPatch(
          change.path,
          change.path,
          change.oldText ?? '',
          change.newText,
          '',
          '',
          {
            context: 3,
          },
        ),
      ),
    [change],
  )
  return (
    <>
      <div className="tool-section-label">
        {change.oldText === null ? 'New file' : 'Edit'} <RevealedText text={change.path} />
      </div>
      <PermissionDiff view={view} />
    </>
  )
}

/** An agent call's input: its file changes as diffs, the rest as JSON. */
export function AgentInput({ input }: { input: Json }) {
  const { changes, rest } = useMemo(() => agentToolChanges(input), [input])
  return (
    <>
      {changes.map((change, i) => (
        <AgentChange key={i} change={change} />
      ))}
      <div className="tool-section-label">Input</div>
      <pre className="tool-pre">
        <RevealedText text={jsonText(rest)} />
      </pre>
    </>
  )
}
