import type { Risk } from './permission'

/** Risks from least to most: compare two with `RISK_ORDER[a] > RISK_ORDER[b]`. */
export const RISK_ORDER: Readonly<Record<Risk, number>> = { low: 0, medium: 1, high: 2 }

/** The highest of some risks; low for none. */
export function highestRisk(risks: readonly Risk[]): Risk {
  let highest: Risk = 'low'
  for (const risk of risks) if (RISK_ORDER[risk] > RISK_ORDER[highest]) highest = risk
  return highest
}

/**
 * Which parts of a compound command to draw attention to, one flag per part, for both UIs: the
 * riskiest parts, when they stand out — riskier than another part, or high. When every part is
 * as risky as the rest (two medium parts), none is flagged: the prompt's own risk says it, and
 * a flag on every line points at nothing. Low risk is never flagged.
 */
export function flaggedParts(risks: readonly Risk[]): boolean[] {
  const top = highestRisk(risks)
  const standsOut = top === 'high' || risks.some((r) => RISK_ORDER[r] < RISK_ORDER[top])
  return risks.map((risk) => standsOut && top !== 'low' && risk === top)
}
