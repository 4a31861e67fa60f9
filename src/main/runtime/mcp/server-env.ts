import type { McpServerDefinition } from './mcp-config'
import { CREDENTIAL_VARIABLES } from '../models/credential-variables'

/**
 * What a stdio server inherits from Parley's environment besides its configured `env`: the SDK's
 * own safe list (HOME, LOGNAME, PATH, SHELL, TERM, USER; on Windows the profile and system
 * folders, added by the SDK itself), plus locale, temp folder, XDG folders and proxy settings,
 * which servers that fetch or write caches need. Nothing else: no tokens, no Parley settings.
 */
export const INHERITED_ENV_NAMES: readonly string[] = [
  'HOME',
  'LOGNAME',
  'PATH',
  'SHELL',
  'TERM',
  'USER',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_STATE_HOME',
  'XDG_RUNTIME_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'SYSTEMROOT',
  'PROGRAMFILES',
]

/** The environment a stdio server is started with: the inherited names, then its own `env`. */
export function serverEnvironment(
  configured: Record<string, string>,
  base: NodeJS.ProcessEnv,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of INHERITED_ENV_NAMES) {
    const value = base[name]
    // Exported shell functions (`() { …`) are skipped, as the SDK does.
    if (value !== undefined && !value.startsWith('()')) env[name] = value
  }
  return { ...env, ...configured }
}

export type ExpansionResult<T> = { ok: true; value: T } | { ok: false; message: string }

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g

/**
 * `${VAR}` and `${VAR:-default}` in one string, as Claude Code expands `.mcp.json`. A variable that
 * is unset and has no default, or that names a provider key, is an error (the server is left out
 * with that message) rather than an empty string that would start the server half-configured.
 */
export function expandVariables(value: string, env: NodeJS.ProcessEnv): ExpansionResult<string> {
  let problem: string | undefined
  const expanded = value.replace(VARIABLE, (whole, name: string, fallback: string | undefined) => {
    if (CREDENTIAL_VARIABLES.includes(name)) {
      problem ??= `refers to \${${name}}; Parley never passes its provider keys to MCP servers`
      return whole
    }
    const found = env[name]
    if (found !== undefined && found !== '') return found
    if (fallback !== undefined) return fallback
    problem ??= `refers to \${${name}}, which is not set`
    return whole
  })
  return problem === undefined ? { ok: true, value: expanded } : { ok: false, message: problem }
}

function expandMap(
  map: Record<string, string>,
  env: NodeJS.ProcessEnv,
): ExpansionResult<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(map)) {
    const expanded = expandVariables(value, env)
    if (!expanded.ok) return { ok: false, message: `${key} ${expanded.message}` }
    out[key] = expanded.value
  }
  return { ok: true, value: out }
}

/** Expands `${VAR}` in a server's command, args, env values, url and header values. */
export function expandDefinition(
  definition: McpServerDefinition,
  env: NodeJS.ProcessEnv,
): ExpansionResult<McpServerDefinition> {
  switch (definition.transport) {
    case 'stdio': {
      const command = expandVariables(definition.command, env)
      if (!command.ok) return { ok: false, message: `command ${command.message}` }
      const args: string[] = []
      for (const arg of definition.args) {
        const expanded = expandVariables(arg, env)
        if (!expanded.ok) return { ok: false, message: `an argument ${expanded.message}` }
        args.push(expanded.value)
      }
      const serverEnv = expandMap(definition.env, env)
      if (!serverEnv.ok) return { ok: false, message: `env ${serverEnv.message}` }
      return {
        ok: true,
        value: { transport: 'stdio', command: command.value, args, env: serverEnv.value },
      }
    }
    case 'http': {
      const url = expandVariables(definition.url, env)
      if (!url.ok) return { ok: false, message: `url ${url.message}` }
      if (!/^https?:\/\//i.test(url.value) || !URL.canParse(url.value))
        return { ok: false, message: `url is not an http:// or https:// URL once expanded` }
      const headers = expandMap(definition.headers, env)
      if (!headers.ok) return { ok: false, message: `header ${headers.message}` }
      const oauth = definition.oauth?.clientSecret
        ? expandVariables(definition.oauth.clientSecret, env)
        : undefined
      if (oauth && !oauth.ok) return { ok: false, message: `oauth.clientSecret ${oauth.message}` }
      return {
        ok: true,
        value: {
          transport: 'http',
          url: url.value,
          headers: headers.value,
          ...(definition.oauth
            ? { oauth: { ...definition.oauth, ...(oauth ? { clientSecret: oauth.value } : {}) } }
            : {}),
        },
      }
    }
  }
}
