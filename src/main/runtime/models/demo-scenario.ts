import type { Scenario } from '../../../shared/scenario'

/** The session header's backend id when the built-in demo runs (no scenario, no provider). */
export const DEMO_BACKEND_ID = 'fake:demo'

/**
 * The built-in demo, used when no scenario and no provider is configured: it shows a permission
 * prompt and a two-question AskUserQuestion, then quotes the answers in the same turn. New
 * sessions of the demo work in a scratch folder of the data dir (runtime.ts), never in the folder
 * Parley was started from.
 */
export const DEMO_SCENARIO: Scenario = {
  turns: [
    {
      steps: [
        {
          say: "Hi! I'm Parley's **demo agent** (a scripted fake backend: for a real model, set `ANTHROPIC_API_KEY` or `OPENAI_API_KEY` before starting Parley, or pick a provider in Settings in the desktop or web app). Let me look at your workspace first.",
          call: [{ tool: 'list_files', input: {} }],
        },
        {
          say: 'I would like to write a small note into the workspace. That needs your permission:',
          call: [
            {
              tool: 'write_file',
              input: {
                path: 'parley-demo.md',
                content: '# Parley demo\n\nWritten by the demo agent after you allowed it.\n',
              },
            },
          ],
        },
        {
          say: 'Two quick decisions before I go on:',
          call: [
            {
              tool: 'AskUserQuestion',
              input: {
                questions: [
                  {
                    question: 'Which migration strategy should I use?',
                    options: [
                      {
                        label: 'Expand and contract',
                        description: 'Add new columns first, remove old ones in a later release.',
                      },
                      {
                        label: 'Big bang',
                        description: 'One migration during a maintenance window.',
                      },
                    ],
                  },
                  {
                    question: 'Which test runner?',
                    options: [
                      { label: 'Vitest', description: 'Fast, Vite-native.' },
                      { label: 'Jest' },
                      { label: 'node:test', description: 'No dependency.' },
                    ],
                  },
                ],
              },
            },
          ],
        },
        {
          say: 'Thanks — same turn, no restart. You chose:\n\n{{lastAnswers}}\n\nThat is the whole demo.',
        },
      ],
    },
  ],
}
