import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Writes a finished session of about `records` log records into `<dataDir>/sessions/`, the way
 * Parley writes them: per turn a question, a markdown answer with code, a file read and its
 * result, a closing paragraph and the turn's end. Returns the session id and its last text.
 */
export function writeSessionLog(
  dataDir: string,
  options: { id: string; title: string; records: number; workspace: string; updatedAt?: number },
): { id: string; lastText: string; firstText: string } {
  const { id, title, records, workspace } = options
  const base = options.updatedAt ?? Date.now() - records * 1_000
  const lines: string[] = [
    JSON.stringify({
      type: 'session',
      v: 1,
      id,
      createdAt: base,
      title,
      workspace,
      backend: 'fake:bench',
      mode: 'ask',
    }),
  ]
  let at = base
  let turn = 0
  let firstText = ''
  let lastText = ''
  while (lines.length + 6 <= Math.max(7, records)) {
    const turnId = `t${turn}`
    const question = `Question ${turn}: what does src/module-${turn}.ts do?`
    if (turn === 0) firstText = question
    lastText = `That is all for module ${turn}.`
    const records_ = [
      { type: 'user_message', at: at++, turnId, text: question },
      {
        type: 'assistant_text',
        at: at++,
        turnId,
        step: 0,
        text: `Let me look at **module ${turn}** first. It is imported by \`src/index.ts\`:\n\n\`\`\`ts\nimport { run${turn} } from './module-${turn}'\nrun${turn}({ retries: 3 })\n\`\`\``,
      },
      {
        type: 'tool_call',
        at: at++,
        turnId,
        step: 0,
        toolCallId: `call_${turn}`,
        tool: 'read_file',
        input: { path: `src/module-${turn}.ts` },
      },
      {
        type: 'tool_result',
        at: at++,
        turnId,
        toolCallId: `call_${turn}`,
        tool: 'read_file',
        output: {
          path: `src/module-${turn}.ts`,
          content:
            `export function run${turn}(options: { retries: number }) {\n  return options.retries * ${turn}\n}\n`.repeat(
              8,
            ),
        },
        isError: false,
      },
      {
        type: 'assistant_text',
        at: at++,
        turnId,
        step: 1,
        text: `It multiplies the retries by ${turn}.\n\n| option | meaning |\n| --- | --- |\n| retries | how often to try |\n\n${lastText}`,
      },
      { type: 'turn_end', at: at++, turnId, reason: 'completed' },
    ]
    for (const record of records_) lines.push(JSON.stringify(record))
    turn++
  }
  mkdirSync(join(dataDir, 'sessions'), { recursive: true })
  writeFileSync(join(dataDir, 'sessions', `${id}.jsonl`), `${lines.join('\n')}\n`)
  return { id, lastText, firstText }
}
