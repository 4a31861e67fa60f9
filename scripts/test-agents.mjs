// Installs the pinned ACP adapters of real agents (Claude Code through both its adapters, Codex's
// newer adapter, Gemini CLI, opencode, Qwen Code, Copilot CLI; about 1.7 GB installed) into
// node_modules/.cache, outside the project's dependencies, then runs the tests that drive them
// offline against aimock. The older Codex adapter is a devDependency already. Usage: npm run test:agents [-- test files]; with
// --install-only it installs and stops (.ci/run downloads them while the main suite runs).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

/** Each adapter: its pinned package, its entry below node_modules, and the env var the tests read. */
const AGENTS = [
  {
    pkg: '@zed-industries/claude-code-acp@0.16.2',
    entry: '@zed-industries/claude-code-acp/dist/index.js',
    env: 'PARLEY_AGENT_CLAUDE_CODE_ACP',
  },
  {
    pkg: '@agentclientprotocol/claude-agent-acp@0.101.0',
    entry: '@agentclientprotocol/claude-agent-acp/dist/index.js',
    env: 'PARLEY_AGENT_CLAUDE_AGENT_ACP',
  },
  {
    pkg: '@agentclientprotocol/codex-acp@2.6.0',
    entry: '@agentclientprotocol/codex-acp/dist/index.js',
    env: 'PARLEY_AGENT_CODEX_ACP',
  },
  {
    pkg: '@google/gemini-cli@0.61.0',
    entry: '@google/gemini-cli/bundle/gemini.js',
    env: 'PARLEY_AGENT_GEMINI',
  },
  {
    pkg: 'opencode-ai@1.18.33',
    entry: 'opencode-ai/bin/opencode.exe',
    env: 'PARLEY_AGENT_OPENCODE',
  },
  {
    pkg: '@qwen-code/qwen-code@0.24.4',
    entry: '@qwen-code/qwen-code/cli-entry.js',
    env: 'PARLEY_AGENT_QWEN',
  },
  {
    pkg: '@github/copilot@1.0.102',
    entry: '@github/copilot/npm-loader.js',
    env: 'PARLEY_AGENT_COPILOT',
  },
]

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// Named after the pinned versions: a new pin installs afresh, beside the old folder.
const tag = AGENTS.map((a) => a.pkg.split('@').at(-1)).join('-')
const prefix = join(root, 'node_modules', '.cache', `parley-agents-${tag}`)
const entries = AGENTS.map((a) => ({ ...a, path: join(prefix, 'node_modules', a.entry) }))

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const started = Date.now()
if (entries.some((e) => !existsSync(e.path))) {
  run('npm', [
    'install',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--prefix',
    prefix,
    ...AGENTS.map((a) => a.pkg),
  ])
}
const installed = Date.now()
if (process.argv.includes('--install-only')) {
  process.stdout.write(`test:agents: installed in ${Math.round((installed - started) / 1000)} s\n`)
  process.exit(0)
}
const env = { ...process.env }
for (const e of entries) env[e.env] = e.path
// The newer Codex adapter's form test reads its entry here.
env.PARLEY_CODEX_ACP_NEXT = env.PARLEY_AGENT_CODEX_ACP
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.agents.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env },
)
const seconds = (ms) => `${Math.round(ms / 1000)} s`
process.stdout.write(
  `test:agents: install ${seconds(installed - started)}, tests ${seconds(Date.now() - installed)}\n`,
)
process.exit(result.status ?? 1)
