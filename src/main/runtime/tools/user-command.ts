import { z } from 'zod'
import type { BridgeOutput } from '../../../shared/bridge'
import { USER_COMMAND_OUTPUT_MAX } from '../../../shared/user-command'
import { isSandboxed, type CommandSandbox } from '../sandbox/command-sandbox'
import { NO_GRANT } from '../sandbox/sandbox-policy'
import { runCommandTool } from './run-command-tool'

/** What running the person's own command needs from the runtime. */
export interface UserCommandDeps {
  /** The sandbox the agent's commands run in. */
  sandbox: CommandSandbox
  /** The environment the agent's commands get (credentials left out). */
  commandEnv(): Promise<NodeJS.ProcessEnv>
  /** Ends the command early (the runtime closing). */
  signal?: AbortSignal
}

/** What `run_command` answers (its result is typed as any tool's, JSON). */
const RunResultSchema = z.object({
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  output: z.string(),
  truncated: z.boolean(),
  timedOut: z.boolean(),
})

const refused = (what: string) => () =>
  Promise.reject(new Error(`${what} is not for a command the person runs`))

/**
 * `!command`: the person's own command, run exactly as the agent's `run_command` runs one — the
 * same shell, sandbox (no grant beyond it: no network, only the workspace writable), environment,
 * timeout and bounded output — but asked of nobody and never shown to the model here: the UI puts
 * it into the next message itself.
 */
export async function runUserCommand(
  workspace: string,
  command: string,
  deps: UserCommandDeps,
): Promise<BridgeOutput<'runUserCommand'>> {
  const ran = await runCommandTool.execute(
    { command },
    {
      workspace,
      signal: deps.signal ?? new AbortController().signal,
      commandEnv: deps.commandEnv,
      sandbox: deps.sandbox,
      grant: NO_GRANT,
      call: { sessionId: '', turnId: '', toolCallId: '' },
      askUser: refused('a question'),
      runChild: refused('a child agent'),
    },
  )
  const result = RunResultSchema.parse(ran)
  return {
    ok: true,
    exitCode: result.exitCode,
    signal: result.signal?.slice(0, 40) ?? null,
    output: result.output.slice(0, USER_COMMAND_OUTPUT_MAX),
    truncated: result.truncated,
    timedOut: result.timedOut,
    sandboxed: isSandboxed(deps.sandbox),
  }
}
