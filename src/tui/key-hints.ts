/** The keys the footer lists for what has the keys. */

// Most needed first: a narrow terminal keeps the first row or two, and how to quit is in them.
export const COMPOSER_HINTS = [
  'Enter send',
  '^D quit',
  '^C stop',
  '/ commands',
  '↑ history',
  'Alt+Enter/Ctrl+J newline',
  'Shift+Tab mode',
  'Ctrl+O last output',
  '^R search sent',
  '^G $EDITOR',
]
// How to quit goes first after stopping: where the row is short, the last keys are left out.
export const PROMPT_HINTS = ['^C stop the turn', '^D quit (stays open)', 'Shift+Tab mode']
export const PANEL_HINTS = ['^C stop the turn', '^D quit']
