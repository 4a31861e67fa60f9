import * as nodeModule from 'node:module'

// Node keeps the code it compiled in its cache folder (in the system's temporary folder), so each
// start after the first skips compiling the modules `parley` loads. Enabled before they load; a
// Node without it (before 22.1) starts without the cache instead of failing to start.
nodeModule.enableCompileCache?.()

async function main(argv: string[]): Promise<number> {
  const { parseCli, UsageError } = await import('./parse-cli')
  let parsed
  try {
    parsed = parseCli(argv)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`parley: ${error.message}\n`)
      return 2
    }
    throw error
  }
  if ('help' in parsed) {
    process.stdout.write(parsed.help)
    return 0
  }
  const { command, options } = parsed
  switch (command) {
    case 'run':
      return (await import('./commands/headless-run')).headlessRun(options)
    case 'serve':
      return (await import('./commands/serve-command')).serveCommand(options)
    case 'desktop':
      return (await import('./commands/desktop-command')).desktopCommand(options)
    case 'mcp':
      return (await import('./commands/mcp-command')).runMcpCommand(options)
    case 'tui':
      // The terminal client is React: its production build, unless asked otherwise (React's
      // development build checks every render and starts slower).
      process.env.NODE_ENV ??= 'production'
      return (await import('./commands/tui-command')).tuiCommand(options)
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined && code >= 0) process.exitCode = code
  },
  (error: unknown) => {
    // A person reads the message; the stack is for whoever asks for it (PARLEY_DEBUG=1).
    const detail =
      error instanceof Error
        ? process.env.PARLEY_DEBUG
          ? (error.stack ?? error.message)
          : error.message
        : String(error)
    process.stderr.write(`parley: ${detail}\n`)
    process.exitCode = 1
  },
)
