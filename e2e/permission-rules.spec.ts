import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startParleyServer, type ParleyFolders, type ParleyServer } from './parley-server'
import { readSessionLogs } from './acceptance-log'
import { shootAll } from './screens'

/**
 * Lasting permission rules end to end: `parley serve`, real bash, the real sandbox (bwrap). The
 * folders live outside /tmp (the sandbox gives commands a private /tmp, which would hide the data
 * folder whatever Parley's policy says), so "a sandboxed command cannot reach the rules" tests the
 * policy itself.
 */

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })
const tray = (page: Page) => page.getByRole('region', { name: 'Permission request' })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })

type Rig = { root: string; dataDir: string; workspaceA: string; workspaceB: string }

async function makeRig(): Promise<Rig> {
  const root = await mkdtemp('/var/tmp/parley-rules-e2e-')
  const rig = {
    root,
    dataDir: join(root, 'data'),
    workspaceA: join(root, 'project-a'),
    workspaceB: join(root, 'project-b'),
  }
  await mkdir(rig.workspaceA, { recursive: true })
  await mkdir(rig.workspaceB, { recursive: true })
  return rig
}

/** One scripted turn per message: the message names the command the model runs. */
async function writeScenario(rig: Rig): Promise<string> {
  const rules = join(rig.dataDir, 'permission-rules.json')
  const commands: Record<string, string> = {
    echo: 'echo rule-one',
    both: 'echo rule-one && ls',
    peek: `cat ${rules}; echo '{"version":1,"rules":[]}' > ${rules}`,
  }
  const scenario = {
    turns: Object.entries(commands).map(([name, command]) => ({
      when: `^${name}$`,
      steps: [
        { call: [{ tool: 'run_command', input: { command } }] },
        { say: `Result of ${name}: {{lastToolResult}}` },
      ],
    })),
  }
  const path = join(rig.root, 'scenario.json')
  await writeFile(path, JSON.stringify(scenario))
  return path
}

let rig: Rig
let scenario: string
const servers: ParleyServer[] = []

test.beforeEach(async () => {
  rig = await makeRig()
  scenario = await writeScenario(rig)
})
test.afterEach(async () => {
  for (const server of servers.splice(0)) {
    const exit = await server.stop()
    expect(exit.stderr).not.toMatch(/Unhandled|uncaught/i)
  }
  await rm(rig.root, { recursive: true, force: true })
})

async function serve(page: Page, workspace: string) {
  const folders: ParleyFolders = { dataDir: rig.dataDir, workspace, remove: async () => {} }
  const server = await startParleyServer(scenario, folders)
  servers.push(server)
  await page.goto(server.url)
  await expect(composer(page)).toBeVisible()
  return server
}

async function stopServer(server: ParleyServer) {
  servers.splice(servers.indexOf(server), 1)
  await server.stop()
}

async function send(page: Page, text: string) {
  await composer(page).fill(text)
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
  await composer(page).press('Enter')
}

async function newSession(page: Page) {
  await page.getByRole('button', { name: 'New session' }).click()
  await expect(composer(page)).toBeFocused()
}

/** Answers the open prompt, remembering for `scope` (a name of the "Remember for" choices). */
async function answer(page: Page, decision: 'Allow' | 'Deny', scope?: string) {
  const prompt = tray(page)
  await expect(prompt).toBeVisible()
  await expect(prompt).toHaveAttribute('data-armed', 'true')
  if (scope) {
    await prompt.getByRole('combobox', { name: 'Remember for' }).selectOption({ label: scope })
    await expect(prompt.getByRole('checkbox', { name: /^Remember for this turn/ })).toBeChecked()
  }
  await prompt.getByRole('button', { name: decision, exact: true }).click()
  await expect(prompt).toBeHidden()
}

async function openRules(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('tab', { name: 'Permissions' }).click()
  return page.getByRole('list', { name: 'Permission rules' })
}

test.skip(!existsSync('/usr/bin/bwrap'), 'needs bubblewrap')

test('a rule made in one session applies in a new session of the same project, and not in another project', async ({
  page,
}) => {
  const first = await serve(page, rig.workspaceA)
  await send(page, 'echo')
  await answer(page, 'Allow', 'This project')
  await expect(conversation(page)).toContainText('Result of echo: {"exitCode":0')

  await newSession(page)
  await send(page, 'echo')
  await expect(conversation(page)).toContainText('Result of echo: {"exitCode":0')
  await expect(tray(page)).toBeHidden()
  const row = conversation(page).getByRole('button', { name: /allowed by your rule/ })
  await expect(row).toContainText('echo')
  await expect(row).toContainText('in this project')
  await row.click()
  const list = page.getByRole('list', { name: 'Permission rules' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('listitem')).toContainText('used once')
  await stopServer(first)

  // The same data folder, another project: the page reopens the last session (project A's), so a
  // new one is started, in project B.
  await serve(page, rig.workspaceB)
  await newSession(page)
  await send(page, 'echo')
  await expect(tray(page)).toBeVisible()
  await answer(page, 'Deny')
  await expect(conversation(page)).toContainText('Result of echo: {"error"')
  const logs = [...(await readSessionLogs(rig.dataDir)).values()]
  const inB = logs.find((log) => log[0]?.workspace === rig.workspaceB)
  expect(inB?.find((r) => r.type === 'permission_decision')).toMatchObject({ reason: 'user' })
})

test('a compound command asks for its uncovered part; a deny rule beats an allow rule; removing rules makes it ask again', async ({
  page,
}) => {
  await serve(page, rig.workspaceA)
  await send(page, 'echo')
  await answer(page, 'Allow', 'This project')
  await expect(conversation(page)).toContainText('Result of echo: {"exitCode":0')

  // `echo` is covered, `ls` is not: the prompt comes, and names `ls` among what it would remember.
  await newSession(page)
  await send(page, 'both')
  await expect(tray(page)).toBeVisible()
  await expect(
    tray(page).getByRole('checkbox', { name: /^Remember for this turn/ }),
  ).toHaveAccessibleName(/ls/)
  // Deny both parts for all projects: the deny rule for `echo` beats the project's allow.
  await answer(page, 'Deny', 'All projects')
  await expect(conversation(page)).toContainText('Result of both: {"error"')

  await newSession(page)
  await send(page, 'echo')
  await expect(conversation(page)).toContainText('Result of echo: {"error"')
  await expect(conversation(page)).toContainText('denied by the user')
  await expect(tray(page)).toBeHidden()
  await expect(
    conversation(page).getByRole('button', { name: /denied by your rule/ }),
  ).toContainText('in all projects')

  const list = await openRules(page)
  await expect(list.getByRole('listitem')).toHaveCount(3)
  const denyEcho = list
    .getByRole('listitem')
    .filter({ hasText: 'Deny' })
    .filter({ hasText: 'echo' })
  await denyEcho.getByRole('button', { name: 'Remove' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await page.getByRole('button', { name: 'Close' }).click()

  // With the deny rule gone, the project's allow rule runs `echo` without a prompt again.
  await newSession(page)
  await send(page, 'echo')
  await expect(conversation(page)).toContainText('Result of echo: {"exitCode":0')
  await expect(tray(page)).toBeHidden()

  const rules = await openRules(page)
  const allowEcho = rules
    .getByRole('listitem')
    .filter({ hasText: 'Allow' })
    .filter({ hasText: 'echo' })
  await allowEcho.getByRole('button', { name: 'Remove' }).click()
  await expect(rules.getByRole('listitem')).toHaveCount(1)
  await page.getByRole('button', { name: 'Close' }).click()

  await newSession(page)
  await send(page, 'echo')
  await expect(tray(page)).toBeVisible()
  await answer(page, 'Allow')
  await expect(conversation(page)).toContainText('Result of echo: {"exitCode":0')
})

test('the rules file lives in the data folder, outside the workspace, where a sandboxed command cannot read or write it', async ({
  page,
}) => {
  await serve(page, rig.workspaceA)
  await send(page, 'echo')
  await answer(page, 'Allow', 'This project')
  await expect(conversation(page)).toContainText('Result of echo: {"exitCode":0')
  const file = join(rig.dataDir, 'permission-rules.json')
  const before = await readFile(file, 'utf8')
  expect(JSON.parse(before)).toMatchObject({ rules: [{ decision: 'allow', scope: 'project' }] })
  expect(await readdir(rig.workspaceA)).toEqual([])

  // Bypass: the command runs at once, in the sandbox, with nothing granted beyond it.
  const mode = page.getByRole('combobox', { name: 'Mode', exact: true })
  await mode.selectOption({ label: 'Bypass' })
  await expect(mode).toHaveValue('bypass')
  await send(page, 'peek')
  await expect(conversation(page)).toContainText('Result of peek:')
  expect(await readFile(file, 'utf8')).toBe(before)
  const logs = await readSessionLogs(rig.dataDir)
  const results = [...logs.values()].flat().filter((r) => r.type === 'tool_result')
  const peek = JSON.stringify(results.at(-1)?.output)
  expect(peek).toContain('No such file or directory')
  expect(peek).not.toContain('"decision"')
})

test('screens: Remember for in the tray, a rule named on its row, Settings → Permissions', async ({
  page,
}) => {
  await serve(page, rig.workspaceA)
  await send(page, 'both')
  const prompt = tray(page)
  await expect(prompt).toHaveAttribute('data-armed', 'true')
  await prompt
    .getByRole('combobox', { name: 'Remember for' })
    .selectOption({ label: 'This project' })
  await shootAll(page, 'permission-rules/tray-remember-for')
  await prompt.getByRole('button', { name: 'Allow', exact: true }).click()
  await expect(conversation(page)).toContainText('Result of both: {"exitCode":0')
  await newSession(page)
  await send(page, 'echo')
  await expect(
    conversation(page).getByRole('button', { name: /allowed by your rule/ }),
  ).toBeVisible()
  await shootAll(page, 'permission-rules/row-allowed-by-rule')
  const list = await openRules(page)
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await shootAll(page, 'permission-rules/settings-permissions')
})
