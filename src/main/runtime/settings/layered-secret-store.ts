import type { SecretName, SecretStore } from './secret-store'

/**
 * The desktop's secret store over the command line's: a secret is read from `primary` (the
 * desktop's encrypted `secrets.safe`), else from `plain` (`secrets.json`, which `parley serve`,
 * `tui`, `run` and `mcp login` write), so a sign-in or key given from the command line works in
 * the desktop app too. Every write goes to `primary` and takes the name out of `plain`: once the
 * desktop has a secret, it is kept encrypted only. (The command line cannot read `secrets.safe`:
 * decrypting it takes Electron's safeStorage.)
 */
export function layeredSecretStore(primary: SecretStore, plain: SecretStore): SecretStore {
  return {
    get: async (name: SecretName) => (await primary.get(name)) ?? (await plain.get(name)),
    set: async (name: SecretName, value: string | undefined) => {
      await primary.set(name, value)
      if ((await plain.get(name)) !== undefined) await plain.set(name, undefined)
    },
  }
}
