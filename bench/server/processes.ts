import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

export interface BenchProcess {
  readonly port: number;
  /** Sends a line on stdin and resolves with the next line on stdout. */
  ask(line: string): Promise<string>;
  stop(): void;
}

/** Starts one of bench/server/*-process.ts under tsx and resolves once it prints its port. */
export function startProcess(script: string, args: readonly string[]): Promise<BenchProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', `${here}${script}`, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  return next().then((first) => ({
    port: Number(first),
    ask(line) {
      const answer = next();
      child.stdin!.write(`${line}\n`);
      return answer;
    },
    stop() {
      child.kill();
    },
  }));
}
