/**
 * Defuses text that would read as markup to a model: reminder tags, role and chat-template tokens.
 * Only their punctuation changes, to look-alike characters, so the words stay readable and a model
 * can still quote them; what it no longer sees is a tag, a role switch or a turn boundary.
 */

const LOOK_ALIKES: Record<string, string> = {
  '<': '‹',
  '>': '›',
  '|': '¦',
  '[': '［',
  ']': '］',
  '#': '＃',
  ':': '∶',
};

function swap(characters: RegExp): (match: string) => string {
  return (match) => match.replace(characters, (char) => LOOK_ALIKES[char] ?? char);
}
const swapAngles = swap(/[<>]/g);

/** Tags that carry authority for us or for a model: ours, whatever their attributes, case or spacing. */
const OUR_TAGS = /<(?=\s*(?:\/\s*)?(?:system[-_ ]?reminder|untrusted[-_ ]?text))[^<>\n]{0,512}>?/gi;

/** Llama 2's `<<SYS>>` and `<</SYS>>`. */
const DOUBLE_ANGLE = /<<\s*(?:\/\s*)?SYS\s*>>/gi;

/** `<|im_start|>`, `<|endoftext|>`, `<|system|>` and the other pipe-delimited special tokens, halves included. */
const PIPE_TOKENS = /<\s*[|｜]|[|｜]\s*>/g;

const ROLE_TAG_NAMES = [
  'system', 'user', 'assistant', 'human', 'ai', 'bot', 'model', 'developer', 'admin', 'sys', 'inst', 's',
  'system[-_]?(?:prompt|message|instructions?)', 'instructions?', 'prompt', 'context',
  'tool', 'tools', 'tool[-_]?(?:call|calls|result|results|use|response|output)',
  'function[-_]?(?:call|calls|result|results|response)', 'functions',
  'im[-_]?(?:start|end|sep)', 'start[-_]of[-_]turn', 'end[-_]of[-_]turn', 'start[-_]of[-_]text', 'end[-_]of[-_]text',
  'endoftext', 'bos', 'eos', 'eot', 'eot[-_]id', 'pad', 'unk', 'sep', 'cls', 'mask',
];

/** Role and turn tags such as `<system>`, `</s>`, `<start_of_turn>`, `<tool_call>`, in any case. */
const ROLE_TAGS = new RegExp(`<\\s*(?:\\/\\s*)?(?:${ROLE_TAG_NAMES.join('|')})(?=[\\s/>=|:]|$)[^<>\\n]{0,256}>?`, 'gim');

/** `[INST]`, `[/INST]`, `[system]`, `[SYSTEM PROMPT]` and the like. */
const BRACKET_ROLES =
  /\[\s*(?:\/\s*)?(?:INST|SYS|SYSTEM|USER|ASSISTANT|HUMAN|AI|ADMIN|DEVELOPER|TOOL|SYSTEM[ _-]?(?:PROMPT|MESSAGE|NOTE|OVERRIDE|REMINDER|UPDATE|INSTRUCTIONS?))\s*\]/gi;

/** Markdown headings that open a prompt section: `### Instruction`, `## System`, `### Response`. */
const ROLE_HEADINGS =
  /#{1,6}(?=\s*(?:Instructions?|System|Response|Input|Human|Assistant|User|Prompt|Developer|Context|New instructions?)\b)/gi;

/**
 * A role label opening a line (`Human:`, `Assistant:`, `System:`), after indentation, a bullet, or the
 * page reader's `[id]<tag>` prefix.
 */
const ROLE_LABELS =
  /^([^\S\r\n]*(?:[-*•>][^\S\r\n]*)?(?:\[[0-9a-z]+\]<[^<>\n]*>[^\S\r\n]*)?)(Human|Assistant|System|User|AI|Bot|Model|Developer|Admin|Instructions?)([^\S\r\n]*):/gim;

/**
 * `text` with every forged reminder tag and role or chat-template token defused. Every other
 * character is left as it is; running it twice changes nothing more.
 */
export function neutralizeForgedTags(text: string): string {
  return text
    .replace(OUR_TAGS, swapAngles)
    .replace(DOUBLE_ANGLE, swapAngles)
    .replace(PIPE_TOKENS, swap(/[<>|]/g))
    .replace(ROLE_TAGS, swapAngles)
    .replace(BRACKET_ROLES, swap(/[[\]]/g))
    .replace(ROLE_HEADINGS, swap(/#/g))
    .replace(ROLE_LABELS, (_match, lead: string, role: string, space: string) => `${lead}${role}${space}${LOOK_ALIKES[':']}`);
}
