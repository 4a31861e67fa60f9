import { withBashSyntax, type SyntaxNode } from './bash-grammar'
import { errorMessage } from '../../../../shared/plain-error'

/** One word of a command line: as written, and its value when it holds no expansion. */
export interface ShellWord {
  text: string
  /** The word after quote removal; null when its value is only known when it runs. */
  value: string | null
  /** `text` with each `$( )`, backtick and process substitution blanked: those are parts of their own. */
  ownText: string
}

/**
 * One thing a command line does, checked on its own: a simple command (wherever it sits: a list,
 * a pipeline stage, a subshell, a `$( )` or backtick substitution, a process substitution, a
 * function body, a heredoc), an output redirection (a write to that path), an input redirection,
 * or a change to the shell's variables that later parts see.
 */
export type ShellPart =
  | {
      kind: 'command'
      text: string
      /** `NAME=value` prefixes. */
      assignments: ShellAssignment[]
      /** The program first, then its arguments in the order the shell sees them. */
      words: ShellWord[]
    }
  | { kind: 'write'; text: string; target: ShellWord }
  | { kind: 'read'; text: string; target: ShellWord }
  | { kind: 'variables'; text: string; names: string[] }
  /** Syntax whose effects Parley does not take apart (`[[ … ]]`, `$(( ))`, `${X:=…}`, `a[…]`). */
  | { kind: 'opaque'; text: string; syntax: string }

/** A `NAME=value` assignment: the variable's name and the assignment as written. */
export interface ShellAssignment {
  name: string
  text: string
}

/** What a command line does, part by part, or why it could not be split. */
export type CommandLine =
  { kind: 'parsed'; parts: ShellPart[] } | { kind: 'unparseable'; reason: string }

function unescapeBare(text: string): string {
  return text.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1')
}

function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\\n/g, '').replace(/\\([$`"\\])/g, '$1')
}

/** A word's value after quote removal, or null when the shell would expand something in it. */
function valueOf(node: SyntaxNode): string | null {
  switch (node.type) {
    case 'word':
    case 'number':
      // Globs and braces expand; a leading `~` is kept as written (callers read it as home).
      return /[*?[{]/.test(node.text) ? null : unescapeBare(node.text)
    case 'raw_string':
      return node.text.slice(1, -1)
    case 'string': {
      let value = ''
      for (const child of node.namedChildren) {
        if (child.type !== 'string_content') return null
        value += unescapeDoubleQuoted(child.text)
      }
      return value
    }
    case 'concatenation': {
      let value = ''
      for (const child of node.namedChildren) {
        const piece = valueOf(child)
        if (piece === null) return null
        value += piece
      }
      return value
    }
    default:
      return null
  }
}

const SUBSTITUTIONS = new Set(['command_substitution', 'process_substitution'])

function ownTextOf(node: SyntaxNode): string {
  let text = node.text
  const stack = [node]
  while (stack.length > 0) {
    const child = stack.pop() as SyntaxNode
    if (SUBSTITUTIONS.has(child.type)) {
      const from = child.startIndex - node.startIndex
      const to = child.endIndex - node.startIndex
      text = `${text.slice(0, from)}${' '.repeat(to - from)}${text.slice(to)}`
    } else {
      stack.push(...child.children)
    }
  }
  return text
}

function wordOf(node: SyntaxNode): ShellWord {
  return { text: node.text, value: valueOf(node), ownText: ownTextOf(node) }
}

function operatorOf(redirect: SyntaxNode): string {
  return redirect.children.find((child) => !child.isNamed && child.type !== '')?.type ?? ''
}

const WRITE_OPERATORS = new Set(['>', '>>', '&>', '&>>', '>|', '>&'])

/** A file redirection as a part, or null when it only duplicates or closes a descriptor. */
function redirectPart(node: SyntaxNode): ShellPart | null {
  const operator = operatorOf(node)
  const target = node.childrenForFieldName('destination')[0]
  if (!target) return null
  // `>&2`, `2>&1`, `<&0`, `>&-`: descriptors, not files.
  if ((operator === '>&' || operator === '<&') && /^(\d+|-)$/.test(target.text)) return null
  if (WRITE_OPERATORS.has(operator))
    return { kind: 'write', text: node.text, target: wordOf(target) }
  if (operator === '<') return { kind: 'read', text: node.text, target: wordOf(target) }
  return null
}

/**
 * The arguments of a command. tree-sitter-bash hands the words that follow a redirection's target
 * (`git > /dev/null push --force`) to the redirection; the shell gives them to the command, so
 * they are put back here, in order.
 */
function commandWords(command: SyntaxNode): ShellWord[] {
  const name = command.childForFieldName('name')
  const args = [...command.childrenForFieldName('argument')]
  const parent = command.parent
  const redirects = [
    ...command.childrenForFieldName('redirect'),
    ...(parent?.type === 'redirected_statement' &&
    parent.childForFieldName('body')?.id === command.id
      ? parent.childrenForFieldName('redirect')
      : []),
  ]
  for (const redirect of redirects) {
    if (redirect.type === 'file_redirect')
      args.push(...redirect.childrenForFieldName('destination').slice(1))
  }
  args.sort((a, b) => a.startIndex - b.startIndex)
  const program = name?.namedChildren[0] ?? name
  return [...(program ? [wordOf(program)] : []), ...args.map(wordOf)]
}

function assignedName(assignment: SyntaxNode): string {
  const name = assignment.childForFieldName('name')
  return (name?.type === 'subscript' ? name.childForFieldName('name') : name)?.text ?? ''
}

/** Where a variable assignment stands on its own (not the `NAME=value` prefix of a command). */
function isStandaloneAssignment(node: SyntaxNode): boolean {
  const parent = node.parent?.type
  return parent !== 'command' && parent !== 'declaration_command'
}

/**
 * The syntax whose parts are all seen: anything else (a test or arithmetic, where bash evaluates
 * array subscripts and so runs the substitutions inside them; an expansion with an operator,
 * whose text the grammar leaves as one word) is an opaque part, never remembered.
 */
const SEEN_SYNTAX = new Set([
  'program',
  'comment',
  'list',
  'pipeline',
  'negated_command',
  'subshell',
  'compound_statement',
  'redirected_statement',
  'command',
  'command_name',
  'word',
  'number',
  'string',
  'string_content',
  'raw_string',
  'ansi_c_string',
  'concatenation',
  'simple_expansion',
  'variable_name',
  'special_variable_name',
  'command_substitution',
  'process_substitution',
  'file_redirect',
  'file_descriptor',
  'heredoc_redirect',
  'heredoc_start',
  'heredoc_body',
  'heredoc_content',
  'heredoc_end',
  'herestring_redirect',
  'variable_assignment',
  'declaration_command',
  'unset_command',
  'function_definition',
  'if_statement',
  'elif_clause',
  'else_clause',
  'for_statement',
  'while_statement',
  'do_group',
  'case_statement',
  'case_item',
  'brace_expression',
])

/** `${NAME}` is a plain expansion; `${X:=…}`, `${#X}`, `${a[…]}` and the like are not. */
function isPlainExpansion(node: SyntaxNode): boolean {
  return (
    node.children.length === 3 &&
    node.namedChildren.length === 1 &&
    /^(variable_name|special_variable_name)$/.test(node.namedChildren[0]?.type ?? '')
  )
}

function partsOf(root: SyntaxNode): CommandLine {
  if (root.hasError) {
    return {
      kind: 'unparseable',
      reason: 'the command could not be parsed, so its parts cannot be checked one by one',
    }
  }
  const parts: Array<ShellPart & { start: number }> = []
  // Each node with whether it is inside an opaque one (which is one part, whatever it holds).
  const stack: Array<[SyntaxNode, boolean]> = [[root, false]]
  while (stack.length > 0) {
    const [node, opaqueAbove] = stack.pop() as [SyntaxNode, boolean]
    let inOpaque = opaqueAbove
    const start = node.startIndex
    switch (node.type) {
      case 'command':
        parts.push({
          kind: 'command',
          text: node.text,
          start,
          assignments: node.children
            .filter((child) => child.type === 'variable_assignment')
            .map((child) => ({ name: assignedName(child), text: child.text })),
          words: commandWords(node),
        })
        break
      case 'file_redirect': {
        const part = redirectPart(node)
        if (part) parts.push({ ...part, start })
        break
      }
      case 'declaration_command':
      case 'unset_command':
        parts.push({
          kind: 'variables',
          text: node.text,
          start,
          names: node.namedChildren.flatMap((child) =>
            child.type === 'variable_assignment'
              ? [assignedName(child)]
              : child.type === 'variable_name'
                ? [child.text]
                : [],
          ),
        })
        break
      case 'variable_assignment':
        if (isStandaloneAssignment(node))
          parts.push({ kind: 'variables', text: node.text, start, names: [assignedName(node)] })
        break
      default: {
        const seen =
          !node.isNamed ||
          SEEN_SYNTAX.has(node.type) ||
          (node.type === 'expansion' && isPlainExpansion(node))
        if (!seen && !inOpaque) {
          parts.push({ kind: 'opaque', text: node.text, start, syntax: node.type })
          inOpaque = true
        }
      }
    }
    // Everything below is walked too: substitutions in arguments, assignments and heredocs,
    // subshells, function bodies, loops, conditions.
    // Commands inside an opaque part (a `$( )` in a test) are still parts of their own.
    const children = node.children
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i] as SyntaxNode, inOpaque])
  }
  parts.sort((a, b) => a.start - b.start)
  return { kind: 'parsed', parts: parts.map(({ start: _start, ...part }) => part) }
}

/**
 * Splits a command line into the parts the shell will run, with a real shell grammar (loaded
 * beforehand with `loadBashGrammar`; if it is not, the line counts as unparseable).
 */
export function parseCommandLine(command: string): CommandLine {
  try {
    return withBashSyntax(command, partsOf)
  } catch (error) {
    return {
      kind: 'unparseable',
      reason: `the shell parser failed (${errorMessage(error)})`,
    }
  }
}
