/**
 * A self-contained MCP server over stdio with one tool, `echo`, for a workspace's `.mcp.json` in
 * E2E: a workspace server runs in the command sandbox, which shows the workspace and the system's
 * programs but not this repository's node_modules, so it is written into the workspace and run by
 * the system's `node`.
 */
export const WORKSPACE_ECHO_SERVER = `
let buffer = ''
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n')
process.stdin.on('data', (chunk) => {
  buffer += chunk
  let newline
  while ((newline = buffer.indexOf('\\n')) >= 0) {
    const line = buffer.slice(0, newline)
    buffer = buffer.slice(newline + 1)
    if (!line.trim()) continue
    const message = JSON.parse(line)
    if (message.id === undefined) continue
    const result =
      message.method === 'initialize'
        ? { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'echo', version: '1' } }
        : message.method === 'tools/list'
          ? { tools: [{ name: 'echo', description: 'Echoes its message', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } }] }
          : message.method === 'tools/call'
            ? { content: [{ type: 'text', text: String(message.params.arguments?.message ?? '') }] }
            : {}
    send({ jsonrpc: '2.0', id: message.id, result })
  }
})
`
