import { z } from 'zod'

/**
 * Where an approved command will run and what it may touch: the sandbox grant the permission gate
 * hands the sandbox for exactly this call (so the tray says what the sandbox will enforce, not a
 * guess). `sandboxed` false: no sandbox exists on this machine, and the command runs as the person.
 */
export const RunsInSchema = z.strictObject({
  sandboxed: z.boolean(),
  /** The call may reach the network. */
  network: z.boolean(),
  /** The call may write outside the workspace. */
  writeOutside: z.boolean(),
  /** The call may see the credential files the sandbox otherwise hides. */
  credentials: z.boolean(),
})
export type RunsIn = z.infer<typeof RunsInSchema>

/** The tray's one line for it: "Runs in the sandbox · no network · writes only in the workspace". */
export function runsInWords(runsIn: RunsIn): string[] {
  if (!runsIn.sandboxed) return ['Runs without a sandbox', 'as you, with your access']
  return [
    'Runs in the sandbox',
    runsIn.network ? 'with network' : 'no network',
    runsIn.writeOutside ? 'may write outside the workspace' : 'writes only in the workspace',
    ...(runsIn.credentials ? ['sees your credential files'] : []),
  ]
}
