// Skills of every kind that pass the checks, for the tests to start from and break one field at a time.
import type { PreferenceField, Skill } from '../../../core/skills/index.js';

export const promptSkill = {
  id: 'translate',
  name: 'Translate the selection',
  kind: 'prompt',
  prompt: 'Translate {{selection}} into {{language}} in a {{tone}} tone.',
  variables: { tone: 'plain' },
  arguments: [{ name: 'language', placeholder: 'language', required: true }],
  agentTool: { description: 'Translates the selected text into a language.' },
} satisfies Skill;

export const scriptSkill = {
  id: 'tour.pricing',
  name: 'Tour of the plans',
  kind: 'script',
  steps: [
    { step: 'navigate', path: '/pricing' },
    { step: 'subtitle', text: 'These are the plans.' },
    { step: 'point', selector: '#plans .plan:first-child', style: 'spotlight', label: 'Start here', color: '#2f6f3e' },
    { step: 'inject', selector: '#plans', text: 'Most teams pick this one.', position: 'after' },
    { step: 'wait', hint: 'Press Space to go on' },
    { step: 'wait', ms: 500 },
    { step: 'clear' },
    { step: 'surface', surface: { root: { piece: 'TextField', props: { label: 'Email', value: { $bind: '/email' } } } }, saveAs: 'contact' },
    { step: 'llm', prompt: 'Suggest a plan for {{contact.email}}', saveAs: 'advice', say: true },
    { step: 'skill', id: 'translate', vars: { language: 'fr' } },
  ],
} satisfies Skill;

export const actionSkill = {
  id: 'orders:refresh',
  name: 'Refresh my orders',
  kind: 'action',
  handler: () => undefined,
  visible: (context) => context.user !== undefined,
} satisfies Skill;

export const surfaceSkill = {
  id: 'feedback',
  name: 'Send feedback',
  kind: 'surface',
  surface: {
    root: { piece: 'Stack', children: [{ piece: 'TextArea', props: { label: 'Feedback', value: { $bind: '/text' } } }, { piece: 'Button', props: { text: 'Send', action: { type: 'submit' } } }] },
    data: { text: '' },
  },
  submitPrompt: 'File this feedback: {{text}}',
  placement: 'dock',
} satisfies Skill;

export const panelSkill = {
  id: 'catalog',
  name: 'Search the catalog',
  kind: 'panel',
  inputMode: 'palette',
  placeholder: 'Search products…',
  onInput: () => undefined,
  onLeave: () => undefined,
} satisfies Skill;

export const everyKind: readonly Skill[] = [promptSkill, scriptSkill, actionSkill, surfaceSkill, panelSkill];

/** A copy of `skill` with `patch` laid over it (`undefined` deletes a key). */
export function withFields(skill: object, patch: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...skill, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete copy[key];
  return copy;
}

/** The script with one step replaced. */
export function withStep(index: number, step: unknown): Record<string, unknown> {
  const steps: unknown[] = [...scriptSkill.steps];
  steps[index] = step;
  return withFields(scriptSkill, { steps });
}

/** Settings of every kind, a loaded select included. */
export const schema: PreferenceField[] = [
  { name: 'apiKey', title: 'API key', kind: 'password', required: true, description: 'From your account page.', placeholder: 'sk-…' },
  { name: 'maxResults', title: 'Results', kind: 'number', min: 1, max: 10, default: 5, integer: true },
  { name: 'region', title: 'Region code', kind: 'text', pattern: '[a-z]{2}', patternMessage: 'Two lower-case letters, e.g. "eu".', default: 'eu' },
  { name: 'notify', title: 'Notify me', kind: 'checkbox', default: false },
  { name: 'language', title: 'Language', kind: 'select', options: [{ value: 'en', label: 'English' }, { value: 'fr', label: 'French' }], default: 'en' },
  { name: 'store', title: 'Store', kind: 'select', options: async () => [{ value: 'north', label: 'North' }] },
];
