/**
 * Size and count bounds for anything a model or a person supplies. Every schema in src/shared uses
 * these, so the runtime, the hosts and the UIs agree on what "too big" means.
 */
export const LIMITS = {
  /** A question's text, an option label or description. */
  questionText: 1_000,
  optionLabel: 200,
  optionDescription: 1_000,
  /** Free text typed into "Other". */
  answerText: 4_000,
  /** A user message. */
  messageText: 100_000,
  sessionTitle: 200,
  /** Identifiers (session, request, tool call ids). */
  id: 128,
  /** A tool call id as a model's server sent it (kept to send back; longer ones are not kept). */
  providerCallId: 256,
  path: 4_096,
  /** Bytes of command output kept for the model and the UI. */
  commandOutput: 64_000,
  /** Bytes of a file read or written through a tool. */
  fileBytes: 1_000_000,
  /** Bytes of one IPC/WebSocket payload. */
  payloadBytes: 2_000_000,
  /** Forms (ACP / MCP elicitation): fields, options per field, characters per string value. */
  formFields: 20,
  formOptions: 50,
  formString: 10_000,
  formKey: 200,
  formMessage: 4_000,
  /** Bytes of one form response once serialized. */
  formResponseBytes: 64_000,
  /** Records in one page of a session's history (`openSession` / `loadOlderEvents`). */
  eventPage: 5_000,
  /** A note sent to the agent with a denial ("No, and tell the agent what to do instead"). */
  denyNote: 4_000,
  /** ACP agents: characters of one text part of a tool call (its content, raw input or output). */
  agentToolText: 16_000,
  /** ACP agents: characters of each side of a diff an agent shows on a tool call. */
  agentDiffText: 200_000,
  /** ACP agents: content parts and locations of one tool call; entries of a plan; modes. */
  agentParts: 50,
  /** ACP agents: the tail of an agent's stderr that is kept for display. */
  agentStderr: 16_000,
} as const
