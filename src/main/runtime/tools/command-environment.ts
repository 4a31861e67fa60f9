import { CREDENTIAL_VARIABLES } from '../models/credential-variables'

/** Stored keys shorter than this are not looked for inside other variables' values. */
const MIN_SECRET_LENGTH = 8

/**
 * The environment for a command the model runs: Parley's own, less every credential variable and
 * any variable whose value is, or contains, a key stored in Settings (whatever its name).
 */
export function commandEnvironment(
  base: NodeJS.ProcessEnv,
  storedSecrets: ReadonlyArray<string | undefined>,
): NodeJS.ProcessEnv {
  const secrets = storedSecrets.filter(
    (secret): secret is string => secret !== undefined && secret.length >= MIN_SECRET_LENGTH,
  )
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || CREDENTIAL_VARIABLES.includes(name)) continue
    if (secrets.some((secret) => value.includes(secret))) continue
    env[name] = value
  }
  return env
}
