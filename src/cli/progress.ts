// A terminal progress bar for long CLI work (demo generation, imports). Draws in place on a TTY and prints
// one line per phase change otherwise, so CI logs stay readable.

export interface ProgressBar {
  update(phase: string, done: number, total: number): void;
  finish(message: string): void;
}

const WIDTH = 30; // characters of bar

export function progressBar(stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  const tty = stream.isTTY === true;
  let lastPhase = '';
  let lastDraw = 0;
  return {
    update(phase, done, total) {
      const fraction = total > 0 ? Math.min(1, done / total) : 0;
      if (!tty) {
        if (phase !== lastPhase) stream.write(`${phase}…\n`);
        lastPhase = phase;
        return;
      }
      const now = performance.now();
      if (phase === lastPhase && now - lastDraw < 100 && done < total) return; // at most 10 redraws a second
      lastPhase = phase;
      lastDraw = now;
      const filled = Math.round(fraction * WIDTH);
      const bar = '█'.repeat(filled) + '░'.repeat(WIDTH - filled);
      stream.write(`\r${bar} ${(fraction * 100).toFixed(0).padStart(3)}%  ${phase}`.padEnd(90));
    },
    finish(message) {
      if (tty) stream.write('\r'.padEnd(92) + '\r');
      stream.write(`${message}\n`);
    },
  };
}
