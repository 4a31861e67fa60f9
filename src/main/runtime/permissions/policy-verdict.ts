/** What a permission mode says about a call before anything remembered is consulted. */
export type PolicyVerdict =
  { kind: 'allow' } | { kind: 'ask' } | { kind: 'refuse'; message: string }
