import type { SAXParser } from 'sax'
import type { Position } from './xml-elements.js'

/**
 * Where each start tag begins, as a line and a column: ArchivesSpace writes a whole finding aid
 * on one line, where a line alone points at 100,000 characters. The chunks go to the parser
 * through {@link write}. sax counts lines and columns as it reads, and tells of a tag when its
 * name has ended (`onopentagstart`): the `<` stands the name's length and one before, on the
 * same line, unless a line break ended the name (`<c⏎ id=…>`); its column is then counted back
 * in the chunk being parsed.
 */
export class TagPositions {
  private readonly parser: SAXParser
  private chunk = ''
  /** The parser's position (characters read) and column before this chunk. */
  private offset = 0
  private columnBefore = 0

  constructor(parser: SAXParser) {
    this.parser = parser
  }

  /** Parses a chunk, keeping it to count back in. */
  write(chunk: string): void {
    this.chunk = chunk
    this.offset = this.parser.position
    this.columnBefore = this.parser.column
    this.parser.write(chunk)
  }

  /** The 1-based line and column of the `<` of the tag whose name (as written) just ended. */
  tagStart(name: string): Position {
    const { parser } = this
    // sax counts lines from 0 and columns from 0, and has counted the character after the name.
    if (this.chunk[parser.position - 1 - this.offset] !== '\n') {
      return { line: parser.line + 1, column: parser.column - name.length - 1 }
    }
    const index = parser.startTagPosition - 1 - this.offset
    // A name cut between two chunks and ending its line: the line is known, not the column.
    if (index < 0) return { line: parser.line, column: 1 }
    const lineStart = this.chunk.lastIndexOf('\n', index)
    return {
      line: parser.line,
      column: lineStart >= 0 ? index - lineStart : this.columnBefore + index + 1,
    }
  }
}
