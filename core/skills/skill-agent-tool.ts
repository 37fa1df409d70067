import type { Skill } from './skill.types.js';

/** What an agent is told of a skill offered to it as a tool; the tools registry turns it into a tool. */
export interface SkillToolDescriptor {
  /** `skill_` and the id, in the letters tool names allow. */
  name: string;
  skillId: string;
  description: string;
  /** JSON Schema of the call's arguments: the skill's arguments, as text. */
  parameters: {
    type: 'object';
    properties: Record<string, { type: 'string'; description: string }>;
    required: string[];
    additionalProperties: false;
  };
  requireConfirmation: boolean;
}

/** The tool a skill with `agentTool` is offered as; undefined for a skill that is not offered. */
export function skillToolDescriptor(skill: Skill): SkillToolDescriptor | undefined {
  if (!skill.agentTool) return undefined;
  const declared = skill.arguments ?? [];
  return {
    name: `skill_${skill.id.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64),
    skillId: skill.id,
    description: skill.agentTool.description,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(declared.map((argument) => [argument.name, { type: 'string' as const, description: argument.placeholder }])),
      required: declared.filter((argument) => argument.required).map((argument) => argument.name),
      additionalProperties: false,
    },
    requireConfirmation: skill.agentTool.requireConfirmation === true,
  };
}
