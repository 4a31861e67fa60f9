/**
 * Test harness: the runtime in a real child process, driven over stdin/stdout with JSON lines
 * (`{id, method, input}` → `{id, result}`, events as `{event}`). With PARLEY_CRASH_ON set, the
 * process SIGKILLs itself the moment a matching event is emitted — right after the record it
 * announces was written, before anything else happens — so tests can crash at exact points.
 */
import { createInterface } from 'node:readline'
import { dispatchBridgeCall } from '../../../shared/bridge-dispatch'
import type { BridgeEvent } from '../../../shared/bridge'
import { createRuntime } from '../create-runtime'

/** `session_event:<record type>[:<tool>]` or a live event type such as `interaction_added`. */
export function eventKey(event: BridgeEvent): string[] {
  if (event.type !== 'session_event') return [event.type]
  const record = event.event
  const base = `session_event:${record.type}`
  return 'tool' in record ? [base, `${base}:${record.tool}`] : [base]
}

async function main(): Promise<void> {
  const [dataDir, scenarioPath, workspace] = process.argv.slice(2)
  if (!dataDir || !scenarioPath || !workspace)
    throw new Error('usage: runtime-child DATA_DIR SCENARIO WORKSPACE')
  const crashOn = process.env.PARLEY_CRASH_ON
  const runtime = await createRuntime({
    dataDir,
    scenarioPath,
    workspace,
    interactive: true,
    env: { PARLEY_FAKE_DELAY_MS: '0' },
  })
  runtime.onEvent((event) => {
    if (crashOn && eventKey(event).includes(crashOn)) process.kill(process.pid, 'SIGKILL')
    process.stdout.write(`${JSON.stringify({ event })}\n`)
  })
  const lines = createInterface({ input: process.stdin })
  lines.on('line', (line) => {
    const { id, method, input } = JSON.parse(line) as { id: number; method: string; input: unknown }
    void dispatchBridgeCall(runtime, method, input).then((result) =>
      process.stdout.write(`${JSON.stringify({ id, result })}\n`),
    )
  })
  lines.on('close', () => void runtime.close().then(() => process.exit(0)))
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
}

void main()
