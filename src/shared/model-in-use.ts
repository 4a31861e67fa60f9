import type { PublicSettings } from './settings'

/**
 * The model new turns actually use: PARLEY_MODEL's while it overrides the saved choice, else the
 * saved choice, else the provider's first model (what the runtime uses for an empty choice); ''
 * when the backend offers none. What a picker names, never "Default model".
 */
export function modelInUse(settings: Pick<PublicSettings, 'model' | 'models' | 'modelOverride'>) {
  return settings.modelOverride ?? (settings.model.trim() || (settings.models[0] ?? ''))
}
