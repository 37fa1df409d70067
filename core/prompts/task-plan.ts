import { DddkError } from '../util/dddk-error.js';

/** What the planner returns before a run: a one-sentence summary and the steps, in order. */
export interface TaskPlan {
  task_summary: string;
  todos: string[];
}

/** The sizes a plan must stay within; a model that writes more is asked again, not truncated silently. */
export const TASK_PLAN_LIMITS = Object.freeze({
  summaryMaxChars: 400,
  minTodos: 1,
  maxTodos: 20,
  todoMaxChars: 240,
});

/** A plan the model wrote that cannot be used; the message is phrased so it can go back to the model. */
export class TaskPlanError extends DddkError<'task-plan'> {
  override readonly name = 'TaskPlanError';
  readonly code = 'task-plan';
}

/**
 * Reads a plan from a model's reply: bare JSON, JSON in a ``` fence, or the first `{…}` object in
 * the text. Throws a `TaskPlanError` saying what is wrong.
 */
export function parseTaskPlan(text: string): TaskPlan {
  if (typeof text !== 'string') throw new TaskPlanError('The plan must be text holding a JSON object.');
  const json = extractJsonObject(text);
  if (json === undefined) {
    throw new TaskPlanError('The plan has no JSON object; reply with {"task_summary": "...", "todos": ["..."]} only.');
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new TaskPlanError(`The plan is not valid JSON (${(error as Error).message}); reply with the JSON object only.`);
  }
  return validateTaskPlan(value);
}

/** Checks a value is a `TaskPlan` within `TASK_PLAN_LIMITS` and returns a clean copy (text trimmed). */
export function validateTaskPlan(value: unknown): TaskPlan {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TaskPlanError('The plan must be a JSON object with "task_summary" and "todos".');
  }
  const { task_summary: summary, todos } = value as Record<string, unknown>;
  const limits = TASK_PLAN_LIMITS;
  if (typeof summary !== 'string' || summary.trim() === '') {
    throw new TaskPlanError('"task_summary" must be a non-empty string.');
  }
  if (summary.length > limits.summaryMaxChars) {
    throw new TaskPlanError(`"task_summary" has ${summary.length} characters; keep it under ${limits.summaryMaxChars}.`);
  }
  if (!Array.isArray(todos)) throw new TaskPlanError('"todos" must be an array of strings.');
  if (todos.length < limits.minTodos || todos.length > limits.maxTodos) {
    throw new TaskPlanError(`"todos" has ${todos.length} items; it must have ${limits.minTodos} to ${limits.maxTodos}.`);
  }
  todos.forEach((todo, index) => {
    if (typeof todo !== 'string' || todo.trim() === '') {
      throw new TaskPlanError(`"todos"[${index}] must be a non-empty string.`);
    }
    if (todo.length > limits.todoMaxChars) {
      throw new TaskPlanError(`"todos"[${index}] has ${todo.length} characters; keep each step under ${limits.todoMaxChars}.`);
    }
  });
  return { task_summary: summary.trim(), todos: (todos as string[]).map((todo) => todo.trim()) };
}

function extractJsonObject(text: string): string | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const source = fenced ? fenced[1]! : text;
  const start = source.indexOf('{');
  if (start < 0) return undefined;
  // Scan to the matching brace, skipping braces inside strings, so prose after the object is ignored.
  let depth = 0;
  let inString = false;
  for (let i = start; i < source.length; i += 1) {
    const char = source[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return source.slice(start, i + 1);
    }
  }
  return source.slice(start);
}
