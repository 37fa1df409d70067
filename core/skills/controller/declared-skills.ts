import type { SkillRegistry } from '../skill-registry.js';
import { checkDeclaredSkill } from '../check-declared-skill.js';

export interface DeclaredSkillProblem {
  field: string;
  message: string;
}

/**
 * Registers the skills a page config declares in its JSON: each checked as JSON (no code, no unknown
 * key), then registered; one that fails is left out with its problem, and the others still register.
 */
export function registerDeclaredSkills(registry: SkillRegistry, declared: readonly unknown[], where = 'skills'): DeclaredSkillProblem[] {
  const problems: DeclaredSkillProblem[] = [];
  declared.forEach((json, index) => {
    const field = `${where}[${index}]`;
    try {
      checkDeclaredSkill(json, field);
      registry.register(json);
    } catch (error) {
      problems.push({ field, message: error instanceof Error ? error.message : String(error) });
    }
  });
  return problems;
}
