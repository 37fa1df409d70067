/**
 * A run's events for any number of readers, each from the first event: a reader that starts late
 * misses nothing, and a run that nobody reads is never held back.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private closed = false;
  private wakers: Array<() => void> = [];

  push(item: T): void {
    if (this.closed) return;
    this.items.push(item);
    this.wake();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    let index = 0;
    let left = false;
    return {
      next: async () => {
        while (!left && index >= this.items.length && !this.closed) {
          await new Promise<void>((resolve) => this.wakers.push(resolve));
        }
        if (!left && index < this.items.length) return { value: this.items[index++]!, done: false };
        return { value: undefined, done: true };
      },
      return: async () => {
        left = true;
        return { value: undefined, done: true };
      },
    };
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const wake of wakers) wake();
  }
}
