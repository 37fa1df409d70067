/**
 * The skills with `agentTool` as tools of the controller's registry (`dddk.tools`), kept in step
 * with the skills: a skill registered is offered from the agent's next turn, one removed is
 * withdrawn. A name a host tool already holds is refused, and said, never overwritten.
 */
import type { HostToolHandle, ToolsRegistry } from '../../tools/tools.types.js';
import { fillSkillPrompt } from '../prompt-sources.js';
import type { SkillOutcome } from '../run/skill-outcome.types.js';
import type { SkillRegistry } from '../skill-registry.js';
import { skillToolDescriptor, type SkillToolDescriptor } from '../skill-agent-tool.js';
import type { Skill } from '../skill.types.js';

export interface SkillToolsOptions {
  registry: SkillRegistry;
  tools: ToolsRegistry;
  /** Runs the skill for the agent; the outcome is what the model reads. */
  run(skillId: string, args: Record<string, string>): Promise<SkillOutcome>;
  /** What a prompt skill's template may read: the selection and the page. */
  sources(): Record<string, string>;
  reportError(error: unknown, skill: Skill): void;
}

/** Offers the skills as tools until the returned function withdraws them. */
export function offerSkillsAsTools(options: SkillToolsOptions): () => void {
  const offered = new Map<string, { descriptor: SkillToolDescriptor; handle: HostToolHandle }>();
  const refused = new Set<string>();
  const sync = (): void => {
    const wanted = new Map<string, { skill: Skill; descriptor: SkillToolDescriptor }>();
    for (const skill of options.registry.listAll()) {
      const descriptor = skillToolDescriptor(skill);
      if (descriptor) wanted.set(skill.id, { skill, descriptor });
    }
    for (const [id, entry] of offered) {
      if (wanted.get(id)?.descriptor.description === entry.descriptor.description) continue;
      entry.handle.remove();
      offered.delete(id);
    }
    for (const [id, { skill, descriptor }] of wanted) {
      if (offered.has(id) || refused.has(id)) continue;
      try {
        offered.set(id, { descriptor, handle: options.tools.register(toolOf(skill, descriptor, options)) });
      } catch (error) {
        refused.add(id);
        options.reportError(new Error(`the skill "${skill.id}" cannot be offered to the agent as ${descriptor.name}: ${(error as Error).message}`, { cause: error }), skill);
      }
    }
  };
  sync();
  const stop = options.registry.subscribe(sync);
  return () => {
    stop();
    for (const entry of offered.values()) entry.handle.remove();
    offered.clear();
  };
}

function toolOf(skill: Skill, descriptor: SkillToolDescriptor, options: SkillToolsOptions) {
  return {
    name: descriptor.name,
    description: descriptor.description,
    parameters: descriptor.parameters,
    label: skill.name,
    // A skill the host says to confirm asks the visitor first, as every tool with effects does.
    ...(descriptor.requireConfirmation ? { effects: true } : {}),
    handler: async (args: Record<string, unknown>) => {
      const words = Object.fromEntries(Object.entries(args).map(([name, value]) => [name, String(value)]));
      // A task for the agent is the agent's own next step: it reads the instructions rather than starting itself again.
      if (skill.kind === 'prompt' && skill.via !== 'llm') return promptInstructions(skill, words, options.sources());
      return outcomeForModel(await options.run(skill.id, words));
    },
  };
}

function promptInstructions(skill: Extract<Skill, { kind: 'prompt' }>, args: Record<string, string>, sources: Record<string, string>) {
  const filled = fillSkillPrompt(skill, { args, sources });
  if ('missing' in filled) throw new Error(`the skill needs ${filled.missing.join(', ')}; ask the visitor for it and call the tool again`);
  return { instructions: filled.text };
}

/** What the model reads of a run: done (with an answer), or why not; a failure is a failed tool call. */
function outcomeForModel(outcome: SkillOutcome) {
  switch (outcome.status) {
    case 'done':
      return outcome.answer !== undefined ? { status: 'done', answer: outcome.answer } : { status: 'done' };
    case 'cancelled':
      return { status: 'cancelled', note: 'the visitor ended it' };
    case 'suspended':
      return { status: 'continues', note: 'it goes on on the next page' };
    case 'failed':
      throw new Error(outcome.message);
  }
}
