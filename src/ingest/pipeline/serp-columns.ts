// The typed-array buffer of staged SERP rows (RankImport.addSerpRows' shape) the stager fills and hands to the
// store when it is full: keyword and URL local ids, day number, position, result type and file part per row.

/** SERP rows buffered before they are handed to the sink (the buffer grows if one batch holds more). */
export const FLUSH_ROWS = 65_536;

export class SerpColumns {
  count = 0;
  keyword = new Int32Array(FLUSH_ROWS);
  day = new Int32Array(FLUSH_ROWS);
  position = new Uint8Array(FLUSH_ROWS);
  resultType = new Uint8Array(FLUSH_ROWS);
  url = new Int32Array(FLUSH_ROWS);
  part = new Uint16Array(FLUSH_ROWS);

  push(keyword: number, day: number, position: number, resultType: number, url: number, part: number): void {
    if (this.count === this.keyword.length) this.grow();
    const i = this.count++;
    this.keyword[i] = keyword;
    this.day[i] = day;
    this.position[i] = position;
    this.resultType[i] = resultType;
    this.url[i] = url;
    this.part[i] = part;
  }

  private grow(): void {
    const n = this.keyword.length * 2;
    const widen = <T extends Int32Array | Uint8Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.keyword = widen(this.keyword, (k) => new Int32Array(k));
    this.day = widen(this.day, (k) => new Int32Array(k));
    this.position = widen(this.position, (k) => new Uint8Array(k));
    this.resultType = widen(this.resultType, (k) => new Uint8Array(k));
    this.url = widen(this.url, (k) => new Int32Array(k));
    this.part = widen(this.part, (k) => new Uint16Array(k));
  }
}
