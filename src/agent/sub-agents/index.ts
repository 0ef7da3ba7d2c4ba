export { agentCatalog, agentsPromptSection } from './agent-catalog.js'
export {
  SubAgentManager,
  defaultSubAgentLimits,
  type StartChildRequest,
  type SubAgentLimits,
  type SubAgentManagerOptions,
} from './sub-agent-manager.js'
