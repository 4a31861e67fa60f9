import { spawn } from 'node:child_process'
import { parse } from 'shell-quote'

/** How long a browser command may run before it counts as having opened the page. */
const STARTED_AFTER_MS = 1_500

/**
 * The commands `$BROWSER` names, as other command-line tools read it (Python's `webbrowser`,
 * xdg-utils, git): a colon-separated list (semicolons on Windows) tried in order; `%s` in a command is replaced by the
 * URL, otherwise the URL is its last argument. Empty or unset: none.
 */
export function browserCommands(browser: string | undefined, url: string): string[][] {
  if (browser === undefined || browser.trim() === '') return []
  const commands: string[][] = []
  for (const entry of browser.split(process.platform === 'win32' ? ';' : ':')) {
    const words = parse(entry).filter((word): word is string => typeof word === 'string')
    if (words.length === 0) continue
    const substituted = words.some((word) => word.includes('%s'))
    commands.push(substituted ? words.map((word) => word.replaceAll('%s', url)) : [...words, url])
  }
  return commands
}

/** The system's own opener, used when `$BROWSER` is unset. */
export function systemOpener(url: string, platform: NodeJS.Platform = process.platform): string[] {
  switch (platform) {
    case 'darwin':
      return ['open', url]
    case 'win32':
      return ['cmd', '/c', 'start', '""', url]
    default:
      return ['xdg-open', url]
  }
}

/**
 * Starts one command; true when it exited 0, or is still running after a moment (a browser that
 * stays open with the page), false when it could not start or failed at once.
 */
function tryCommand([file, ...args]: string[]): Promise<boolean> {
  if (file === undefined) return Promise.resolve(false)
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: 'ignore', detached: process.platform !== 'win32' })
    const timer = setTimeout(() => {
      child.unref()
      resolve(true)
    }, STARTED_AFTER_MS)
    child.once('error', () => {
      clearTimeout(timer)
      resolve(false)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve(code === 0)
    })
  })
}

/**
 * Opens `url` with the first `$BROWSER` command that works, or, with `fallback: true` and no
 * `$BROWSER`, with the system's opener (xdg-open, open, start). False when nothing opened it.
 */
export async function openInBrowser(
  url: string,
  options: { env?: NodeJS.ProcessEnv; fallback: boolean },
): Promise<boolean> {
  const env = options.env ?? process.env
  const commands = browserCommands(env.BROWSER, url)
  if (commands.length === 0 && options.fallback) commands.push(systemOpener(url))
  for (const command of commands) if (await tryCommand(command)) return true
  return false
}
