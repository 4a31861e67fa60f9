import { runsInWords, type RunsIn } from '../../shared/runs-in'

/**
 * What Allow will do, in one quiet line under the command: where it runs and what it may touch
 * ("Runs in the sandbox · no network · writes only in the workspace"), from the grant the sandbox
 * gets. What the prompt lifts beyond the sandbox is marked.
 */
export function RunsInLine({ runsIn }: { runsIn: RunsIn }) {
  const lifted = !runsIn.sandboxed || runsIn.network || runsIn.writeOutside || runsIn.credentials
  return (
    <p className={`permission-runs-in${lifted ? ' is-lifted' : ''}`}>
      {runsInWords(runsIn).join(' · ')}
    </p>
  )
}
