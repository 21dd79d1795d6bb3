// A one-line progress bar on a terminal; one line per step when the output is a file or a pipe.
const width = 30;

export function progressBar(stream: NodeJS.WriteStream = process.stdout) {
  return {
    update(done: number, total: number) {
      if (!stream.isTTY) {
        stream.write(`${done}/${total}\n`);
        return;
      }
      const filled = total === 0 ? width : Math.round((done / total) * width);
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${percent}%`);
      if (done === total) stream.write('\n');
    },
  };
}
