import { ToolError } from '../../../core/tool-error.js'
import type { ReadState } from '../../../workspace/read-state.js'
import type { Workspace } from '../../../workspace/workspace.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import { fileChanged, partlyApplied } from './patch-errors.js'
import { summaryLine } from './patch-summary.js'
import type { PatchPlan, PatchStep } from './plan-patch.js'
import { readFileState } from './read-targets.js'

/**
 * Carries out a validated plan through the workspace, in patch order. Each step first checks
 * that its file is still as validation saw it (`workspace.file_changed` otherwise); written files
 * are recorded in the read-state as fully read, so a later edit needs no new read. A failure after
 * some changes were made says which were and which were not.
 */
export async function writePlan(plan: PatchPlan, workspace: Workspace, readState: ReadState): Promise<void> {
  const done: string[] = []
  for (const [index, { change, steps }] of plan.entries.entries()) {
    let stepsDone = 0
    try {
      for (const step of steps) {
        await runStep(step, workspace, readState)
        stepsDone++
      }
    } catch (error) {
      if (!(error instanceof ToolError) || (done.length === 0 && stepsDone === 0)) throw error
      const pending = plan.entries.slice(index + (stepsDone > 0 ? 1 : 0)).map((entry) => summaryLine(entry.change))
      throw partlyApplied(error, stepsDone > 0 ? [...done, `${summaryLine(change)} (in part)`] : done, pending)
    }
    done.push(summaryLine(change))
  }
}

async function runStep(step: PatchStep, workspace: Workspace, readState: ReadState): Promise<void> {
  switch (step.kind) {
    case 'write': {
      const bytes = Buffer.from(step.text, 'utf8')
      await workspace.writeFile(step.path, bytes, { expectedSha256: step.expectedSha256 })
      readState.record(step.path, sha256Hex(bytes), true)
      return
    }
    case 'remove':
      await expectState(step.path, step.expectedSha256, workspace)
      await workspace.remove(step.path)
      readState.forget(step.path)
      return
    case 'move': {
      await expectState(step.from, step.expectedSha256, workspace)
      await expectState(step.to, step.destinationSha256, workspace)
      // Clearing the destination first makes the move independent of whether renames overwrite.
      if (step.destinationSha256 !== null) await workspace.remove(step.to)
      await workspace.move(step.from, step.to)
      // What was known about the moved file stays known at its new path.
      const record = readState.get(step.from)
      readState.forget(step.from)
      readState.forget(step.to)
      if (record !== undefined && record.sha256 === step.expectedSha256)
        readState.record(step.to, record.sha256, record.full)
      return
    }
  }
}

/** Checks just before a change that a path holds the expected content (`null`: no file). */
async function expectState(path: string, sha256: string | null, workspace: Workspace): Promise<void> {
  const state = await readFileState(path, workspace)
  const actual = state.kind === 'file' ? state.sha256 : state.kind === 'missing' ? null : 'not a file'
  if (actual !== sha256) throw fileChanged(path)
}
