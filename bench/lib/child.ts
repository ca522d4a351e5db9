// Runs a bench child process (a TypeScript entry under tsx) and returns the JSON of the last line it prints
// on stdout; its stderr is kept for the error when it fails, or passed through when `progress` is set.
import { spawn } from 'node:child_process';

export async function runJsonChild<T>(
  script: string,
  args: readonly string[],
  { progress = false }: { progress?: boolean } = {},
): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', progress ? 'inherit' : 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`${script} exited with ${code}${err === '' ? '' : `:\n${err.slice(-2000)}`}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}
