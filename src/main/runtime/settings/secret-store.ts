/** Where provider API keys are kept: Electron's safeStorage on desktop, a 0600 file elsewhere. */
export interface SecretStore {
  get(name: 'openaiApiKey' | 'anthropicApiKey'): Promise<string | undefined>
  set(name: 'openaiApiKey' | 'anthropicApiKey', value: string | undefined): Promise<void>
}
