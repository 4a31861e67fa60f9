import { describe, expect, it } from 'vitest'
import {
  clampUnits,
  codePointLength,
  isDate,
  isDateTime,
  isEmail,
  isUri,
  parseNumberText,
} from './form-formats'

describe('form formats', () => {
  it('counts characters as a person does: an emoji or an astral letter is one', () => {
    expect(codePointLength('')).toBe(0)
    expect(codePointLength('abc')).toBe(3)
    expect(codePointLength('😀😀')).toBe(2)
    expect('😀😀'.length).toBe(4)
    expect(codePointLength('𝒜b')).toBe(2)
  })

  it('cuts text to a bound without leaving half a surrogate pair', () => {
    expect(clampUnits('abc', 5)).toBe('abc')
    expect(clampUnits('ab😀', 3)).toBe('ab')
    expect(clampUnits('ab😀c', 4)).toBe('ab😀')
  })

  it.each([
    ['42', 42],
    ['-3.5', -3.5],
    ['.5', 0.5],
    ['0.', 0],
    ['1e3', 1000],
    ['+7', 7],
    [' 12 ', 12],
    ['2.5E-2', 0.025],
  ])('reads %j as the number %d', (text, value) => {
    expect(parseNumberText(text)).toBe(value)
  })

  it.each([
    '',
    '-',
    '1e',
    '.',
    'e5',
    '1.2.3',
    '0x10',
    'Infinity',
    'NaN',
    '1e999',
    '12abc',
    '1 000',
  ])('does not take %j as a number (yet)', (text) => {
    expect(parseNumberText(text)).toBeNull()
  })

  it.each([
    'name@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    'x@a-b.io',
  ])('takes %j as an email address', (text) => {
    expect(isEmail(text)).toBe(true)
  })

  it.each([
    '',
    'plain',
    '@example.com',
    'name@',
    'name@localhost',
    'a@@example.com',
    'a@b@example.com',
    'name @example.com',
    '.name@example.com',
    'na..me@example.com',
    'name@-example.com',
    'name@example..com',
    `${'a'.repeat(65)}@example.com`,
  ])('refuses %j as an email address', (text) => {
    expect(isEmail(text)).toBe(false)
  })

  it('takes absolute URIs with a scheme and refuses relative or spaced ones', () => {
    for (const ok of ['https://example.com', 'http://127.0.0.1:8080/a?b=c#d', 'mailto:a@b.co'])
      expect(isUri(ok), ok).toBe(true)
    for (const bad of ['example.com', '/path', 'https://exa mple.com', ' https://x.io', '', '1a:b'])
      expect(isUri(bad), bad).toBe(false)
  })

  it('takes dates that exist, leap days included, and nothing else', () => {
    for (const ok of ['2025-01-31', '2024-02-29', '2000-02-29', '1999-12-01'])
      expect(isDate(ok), ok).toBe(true)
    for (const bad of [
      '2025-02-29',
      '1900-02-29',
      '2025-13-01',
      '2025-04-31',
      '2025-1-1',
      '25-01-01',
    ])
      expect(isDate(bad), bad).toBe(false)
  })

  it('takes RFC 3339 date-times with a zone and refuses local or impossible times', () => {
    for (const ok of [
      '2025-01-31T14:30:00Z',
      '2025-01-31t14:30:00z',
      '2025-01-31T14:30:00.123+02:00',
      '2016-12-31T23:59:60Z',
    ])
      expect(isDateTime(ok), ok).toBe(true)
    for (const bad of [
      '2025-01-31T14:30:00',
      '2025-01-31 14:30:00Z',
      '2025-01-31T24:00:00Z',
      '2025-02-30T10:00:00Z',
      '2025-01-31T14:30Z',
      '2025-01-31T14:30:00+24:00',
    ])
      expect(isDateTime(bad), bad).toBe(false)
  })
})
