/**
 * The plan's todos as they stand at a turn: the planned list, with stable ids (`t1`, `t2`, … by
 * position in the plan), edited by the `todo_adjust` of every turn so far. Derived from the loop's
 * records, so a reload finds the same list without storing it twice.
 */
import type { StepRecord } from '../../loop/types.js';
import type { TaskPlan } from '../../prompts/task-plan.js';

export interface PlanTodo {
  id: string;
  text: string;
}

export function currentTodos(plan: TaskPlan, records: readonly StepRecord[]): PlanTodo[] {
  let todos = plan.todos.map((text, index) => ({ id: `t${index + 1}`, text }));
  for (const record of records) {
    if (record.kind !== 'turn') continue;
    const adjust = record.envelope?.todo_adjust as { remove?: unknown; replace?: unknown } | undefined;
    if (!adjust || typeof adjust !== 'object') continue;
    if (Array.isArray(adjust.remove)) {
      const removed = new Set(adjust.remove.filter((id): id is string => typeof id === 'string'));
      todos = todos.filter((todo) => !removed.has(todo.id));
    }
    if (Array.isArray(adjust.replace)) {
      for (const change of adjust.replace as Array<{ id?: unknown; description?: unknown }>) {
        const todo = todos.find((candidate) => candidate.id === change?.id);
        if (todo && typeof change.description === 'string' && change.description.trim() !== '') todo.text = change.description.trim();
      }
    }
  }
  return todos;
}

export function formatTodos(todos: readonly PlanTodo[]): string[] {
  return todos.map((todo) => `${todo.id}: ${todo.text}`);
}
