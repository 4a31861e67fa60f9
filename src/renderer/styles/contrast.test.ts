/// <reference types="node" />
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// WCAG AA for normal text: 4.5:1. The pairs are the ones the stylesheet actually draws.
const css = readFileSync(`${import.meta.dirname}/app.css`, 'utf8')

function variables(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]),
  )
}
const light = variables(css.slice(css.indexOf(':root {'), css.indexOf('@media (prefers-color')))
const dark = {
  ...light,
  ...variables(css.slice(css.indexOf('@media (prefers-color-scheme: dark)'), css.indexOf('*,'))),
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const BACKGROUNDS = ['bg', 'bg-sidebar', 'bg-raised', 'bg-sunken', 'bg-hover', 'bg-active']
const BADGES: Array<[string, string]> = [
  ['warn', 'warn-soft'],
  ['ok', 'ok-soft'],
  ['danger', 'danger-soft'],
  ['accent', 'accent-soft'],
  ['accent-text', 'accent'],
]

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_name, theme: Record<string, string>) => {
  const color = (name: string) => {
    const value = theme[name]
    if (!value) throw new Error(`--${name} is not a #rrggbb colour`)
    return value
  }

  it.each(BACKGROUNDS)('draws faint and muted text legibly on --%s (AA)', (background) => {
    expect(ratio(color('text-faint'), color(background))).toBeGreaterThanOrEqual(4.5)
    expect(ratio(color('text-muted'), color(background))).toBeGreaterThanOrEqual(4.5)
  })

  it.each(BADGES)('draws --%s badges on --%s legibly (AA)', (text, background) => {
    expect(ratio(color(text), color(background))).toBeGreaterThanOrEqual(4.5)
  })

  it('draws white text on the danger button legibly (AA)', () => {
    expect(ratio('#ffffff', color('danger-strong'))).toBeGreaterThanOrEqual(4.5)
  })
})
