import type { ContextUsage } from './context-usage'

/** 950 → "950", 12_345 → "12.3k", 200_000 → "200k", 1_050_000 → "1.05M". */
export function tokenCount(n: number): string {
  if (n < 1_000) return String(n)
  if (n < 1_000_000) return `${trim((n / 1_000).toFixed(n < 10_000 ? 2 : n < 100_000 ? 1 : 0))}k`
  return `${trim((n / 1_000_000).toFixed(2))}M`
}

/** "12.30" → "12.3", "200" stays. */
const trim = (fixed: string) => (fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed)

/** The session's cost in its currency ("$0.42", "€1.10", "12 credits"). */
function costText(cost: NonNullable<ContextUsage['cost']>): string {
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: cost.currency,
      maximumFractionDigits: cost.amount < 1 ? 4 : 2,
    }).format(cost.amount)
  } catch {
    // Not an ISO 4217 code: another unit, such as "credits".
    return `${cost.amount} ${cost.currency}`
  }
}

/**
 * The session header's usage line, short ("12.3k / 200k tokens (6%) · $0.42") and in words for a
 * screen reader ("12,345 of 200,000 tokens of context used, 6%; cost so far $0.42").
 */
export function contextUsageText(usage: ContextUsage): { short: string; spoken: string } {
  const percent =
    usage.size !== undefined
      ? Math.min(100, Math.round((usage.used / usage.size) * 100))
      : undefined
  const tokens =
    usage.size !== undefined
      ? `${tokenCount(usage.used)} / ${tokenCount(usage.size)} tokens (${percent}%)`
      : `${tokenCount(usage.used)} tokens`
  const spokenTokens =
    usage.size !== undefined
      ? `${usage.used.toLocaleString('en')} of ${usage.size.toLocaleString('en')} tokens of context used, ${percent}%`
      : `${usage.used.toLocaleString('en')} tokens of context used`
  if (!usage.cost) return { short: tokens, spoken: spokenTokens }
  const cost = costText(usage.cost)
  return { short: `${tokens} · ${cost}`, spoken: `${spokenTokens}; cost so far ${cost}` }
}
