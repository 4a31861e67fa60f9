// Installs the newer Codex ACP adapter (@agentclientprotocol/codex-acp, which brings @openai/codex:
// about 170 MB to download) into node_modules/.cache, outside the project's dependencies, then
// runs the optional test that needs it. Usage: npm run test:codex-next
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

const VERSION = '2.6.0'
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const prefix = join(root, 'node_modules', '.cache', `codex-acp-next-${VERSION}`)
const entry = join(prefix, 'node_modules', '@agentclientprotocol', 'codex-acp', 'dist', 'index.js')

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (!existsSync(entry)) {
  run('npm', [
    'install',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--prefix',
    prefix,
    `@agentclientprotocol/codex-acp@${VERSION}`,
  ])
}
run('npx', ['vitest', 'run', '--config', 'vitest.codex-next.config.ts'], {
  ...process.env,
  PARLEY_CODEX_ACP_NEXT: entry,
})
