import { deferredModule } from '../shell/deferred-module'

/**
 * The bridge's schema checks (zod and the schemas of every reply and event): their own chunk,
 * fetched as the app starts and awaited by the first reply or event that needs them, so the first
 * frame does not wait for them.
 */
export const CONTRACT = deferredModule(() => import('./check-result'))

export type Contract = NonNullable<ReturnType<typeof CONTRACT.current>>
