/**
 * `toolhost/agent`: the agent loop over a real model. {@link runAgent} drives invocations turn by
 * turn and {@link resumeAgentRun} continues a stored run; model resolution and streaming, the
 * provider-neutral transcript (replay, repair, compaction), skills, sub-agents and lorebooks are
 * its parts.
 *
 * @example
 * import { createToolHost } from 'toolhost'
 * import { runAgent } from 'toolhost/agent'
 *
 * const host = await createToolHost()
 * const result = await runAgent({ host, model: 'ollama:llama3.1:8b', prompt: 'What is in notes.txt?' })
 */
export { runAgent, resumeAgentRun, continueAgentRun, compactAgentRun } from './loop/run-agent.js'
export type {
  AgentRunOptions,
  AgentRunResult,
  AgentRunRuntime,
  ModelOptions,
  ResumeRunOptions,
  FollowUpRunOptions,
  TurnExecutor,
} from './loop/run-options.js'
export type { AgentEvent, AgentRunStatus, InvocationMode } from './loop/agent-events.js'
export {
  resolveModel,
  parseModelSpec,
  modelProviders,
  describeModelError,
  streamTurn,
  modelTools,
  withModelRetries,
} from './providers/index.js'
export type {
  ModelProvider,
  ModelSpec,
  ModelStreamEvent,
  ModelTurn,
  ModelUsage,
  ResolvedModel,
  ResolveModelOptions,
} from './providers/index.js'
export { replayPrompt, repairTranscript, planCompaction, compactionPrompt, estimateTokens } from './history/index.js'
export type { StoredTranscriptEntry, TranscriptCall, TranscriptEntry } from './history/index.js'
export { parseToolArguments } from '../tool/tool-arguments.js'
export type { ToolArguments } from '../tool/tool-arguments.js'
export { loadSkills, visibleSkills, skillsPromptSection } from './skills/index.js'
export type { Skill, SkillDiagnostic } from './skills/index.js'
export { SubAgentManager, agentCatalog } from './sub-agents/index.js'
export { loadLorebook } from '../tools/worldinfo/index.js'
export type {
  AgentCard,
  ChatMessage,
  ChildOutcome,
  DelegatedTask,
  DelegationServices,
  Lorebook,
  LorebookEntry,
  PublishedReply,
  RunServices,
  ScheduleInfo,
  ScheduleService,
  ScheduleSpec,
  TaskReturn,
} from '../tool/run-services.js'
