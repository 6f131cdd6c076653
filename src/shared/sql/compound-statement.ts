import type { Token } from './lexer';

/**
 * Follows the blocks of a compound statement so that a `;` inside `BEGIN ... END` does not end
 * it. The mysql command-line client has no such rule (it needs `DELIMITER` around a procedure
 * body); we keep these statements whole because the server accepts each as one statement, so a
 * script that works with DELIMITER also works without it:
 *
 * - stored programs: `CREATE [OR REPLACE] [DEFINER = u] [AGGREGATE] PROCEDURE | FUNCTION |
 *   TRIGGER | EVENT` (and `ALTER EVENT ... DO`) whose body is a compound statement;
 * - MariaDB's compound statements outside stored programs: `BEGIN NOT ATOMIC ... END`, `IF`,
 *   `CASE`, `LOOP`, `WHILE`, `REPEAT`, `FOR` as the first word of a statement (MySQL rejects
 *   them; we split them the same way so the server reports one error, not several).
 *
 * Blocks open only where a statement can start (after `;`, `BEGIN`, `THEN`, `ELSE`, `LOOP`,
 * `REPEAT`, the `DO` of `WHILE`/`FOR`, a `label:`, a handler's condition list, or at the start of
 * the routine body), which keeps columns named `begin` or `end` and the `IF()` function from
 * being taken for blocks. A block's `END` counts only at a statement start (`...; END`), except
 * for a `CASE` expression whose `END` can follow any expression, and a REPEAT's after its UNTIL.
 * What remains ambiguous is rare (an unquoted column named `end` right inside a CASE
 * expression; MariaDB's Oracle-mode `AS BEGIN` bodies are not followed); `DELIMITER` is the
 * exact way out, and while a delimiter other than `;` is in force the splitter does not use
 * this tracker at all.
 */
export class CompoundStatementTracker {
  private phase: Phase = 'first';
  private readonly blocks: Block[] = [];
  private atStart = false;
  private afterEnd = false;
  private labelCandidate = false;
  private afterBeginOpener: 'BEGIN' | 'NOT' | null = null;
  private handlerSeen = false;
  private handlerFor = false;
  private definerNext = false;
  private header: Header = freshHeader('PROCEDURE');

  constructor(private readonly text: string) {}

  /** True while a block is open: a `;` here is part of the statement. */
  get insideBlock(): boolean {
    return this.blocks.length > 0;
  }

  /** Forget everything: a new statement starts. */
  reset(): void {
    this.phase = 'first';
    this.blocks.length = 0;
    this.atStart = false;
    this.afterEnd = false;
    this.labelCandidate = false;
    this.afterBeginOpener = null;
    this.handlerSeen = false;
    this.handlerFor = false;
    this.definerNext = false;
  }

  /** Takes the statement's next significant token (a `;` only while `insideBlock`). */
  feed(token: Token): void {
    if (this.phase === 'plain') return;
    const word =
      token.kind === 'word' ? this.text.slice(token.start, token.end).toUpperCase() : null;
    const punctuation =
      token.kind === 'punctuation' || token.kind === 'delimiter'
        ? this.text.slice(token.start, token.end)
        : null;
    switch (this.phase) {
      case 'first':
        return this.first(word);
      case 'begin-pending':
        this.phase = word === 'NOT' ? 'begin-not' : 'plain';
        return;
      case 'begin-not':
        if (word === 'ATOMIC') {
          this.phase = 'body';
          this.blocks.push(newBlock('begin'));
          this.atStart = true;
        } else {
          this.phase = 'plain';
        }
        return;
      case 'create':
        return this.create(token, word);
      case 'header':
        return this.inHeader(word, punctuation);
      case 'body':
        return this.body(word, punctuation);
    }
  }

  private first(word: string | null): void {
    if (word === 'BEGIN') {
      this.phase = 'begin-pending';
    } else if (word === 'CREATE' || word === 'ALTER') {
      this.phase = 'create';
    } else if (word !== null && TOP_LEVEL_COMPOUND.has(word)) {
      this.phase = 'body';
      this.atStart = true;
      this.body(word, null);
    } else {
      this.phase = 'plain';
    }
  }

  /** Between CREATE and the object kind: OR REPLACE, DEFINER = user, AGGREGATE. */
  private create(token: Token, word: string | null): void {
    if (this.definerNext) {
      this.definerNext = false; // the account's name (its `@host` is not a word)
      return;
    }
    if (word !== null && PROGRAM_KINDS.has(word)) {
      this.phase = 'header';
      this.header = freshHeader(word as ProgramKind);
      return;
    }
    if (word === null) {
      if (token.kind === 'punctuation' && this.text[token.start] === '=') this.definerNext = true;
      return; // `=`, quoted user parts, `@host`, `(` `)` of CURRENT_USER()
    }
    if (!CREATE_PREFIX_WORDS.has(word)) this.phase = 'plain';
  }

  /** In a stored program's header, looking for where its body starts. */
  private inHeader(word: string | null, punctuation: string | null): void {
    const h = this.header;
    if (punctuation === '(') h.depth++;
    else if (punctuation === ')') {
      h.depth--;
      if (h.depth === 0) h.paramsDone = true;
    }
    if (h.depth > 0) return;
    if (h.skipNext) {
      h.skipNext = false;
      return;
    }
    let bodyStarts = false;
    if (h.kind === 'TRIGGER') {
      if (h.bodyNext) {
        if (word === 'FOLLOWS' || word === 'PRECEDES') {
          h.skipNext = true;
          return;
        }
        bodyStarts = true;
      } else if (word === 'ROW' && h.previousWord === 'EACH') {
        h.bodyNext = true;
      }
    } else if (h.kind === 'EVENT') {
      if (h.bodyNext) bodyStarts = true;
      else if (word === 'DO') h.bodyNext = true;
    } else if (h.paramsDone) {
      if (punctuation === ':' && h.previousWord !== null) {
        // `label: BEGIN` right after the header.
        this.enterBody();
        this.labelCandidate = true;
        this.body(null, ':');
        return;
      }
      if (word === 'RETURNS') {
        h.skipNext = true; // the type name, which may be SET(...)
      } else if (
        word !== null &&
        BODY_START_WORDS.has(word) &&
        !(word === 'SET' && h.previousWord === 'CHARACTER')
      ) {
        bodyStarts = true;
      }
    }
    h.previousWord = word;
    if (bodyStarts) {
      this.enterBody();
      this.body(word, punctuation);
    }
  }

  private enterBody(): void {
    this.phase = 'body';
    this.atStart = true;
  }

  private body(word: string | null, punctuation: string | null): void {
    const top = this.blocks[this.blocks.length - 1];
    if (this.afterEnd) {
      this.afterEnd = false;
      if (word !== null && END_SUFFIXES.has(word)) return; // END IF, END LOOP, ...
    }
    if (punctuation === ';') {
      this.atStart = true;
      this.handlerSeen = false;
      this.handlerFor = false;
      this.labelCandidate = false;
      this.afterBeginOpener = null;
      return;
    }
    if (punctuation === ':' && this.labelCandidate) {
      this.labelCandidate = false;
      this.atStart = true;
      return;
    }
    this.labelCandidate = false;
    const afterBegin = this.afterBeginOpener;
    this.afterBeginOpener = null;
    if (word === null) {
      this.atStart = false;
      return;
    }
    if (afterBegin === 'BEGIN' && word === 'NOT') {
      this.afterBeginOpener = 'NOT';
      return; // BEGIN NOT ATOMIC: still at the start of the block
    }
    if (afterBegin === 'NOT' && word === 'ATOMIC') return;
    if (word === 'END') {
      if (top && (top.kind === 'case-expression' || this.atStart || top.untilSeen)) {
        this.blocks.pop();
        this.afterEnd = true;
      }
      this.atStart = false;
      return;
    }
    if (word === 'THEN' || word === 'ELSE') {
      this.atStart = top?.kind === 'if' || top?.kind === 'case-statement';
      return;
    }
    if (word === 'DO') {
      this.atStart = top?.awaitingDo === true;
      if (top) top.awaitingDo = false;
      return;
    }
    const canOpen = this.atStart || (this.handlerFor && OPENERS.has(word));
    this.atStart = false;
    if (canOpen) {
      this.handlerFor = false;
      switch (word) {
        case 'BEGIN':
          this.blocks.push(newBlock('begin'));
          this.atStart = true;
          this.afterBeginOpener = 'BEGIN';
          return;
        case 'IF':
          this.blocks.push(newBlock('if'));
          return;
        case 'CASE':
          this.blocks.push(newBlock('case-statement'));
          return;
        case 'LOOP':
          this.blocks.push(newBlock('loop'));
          this.atStart = true;
          return;
        case 'REPEAT':
          this.blocks.push(newBlock('repeat'));
          this.atStart = true;
          return;
        case 'WHILE':
        case 'FOR':
          this.blocks.push({ ...newBlock('loop'), awaitingDo: true });
          return;
        case 'UNTIL':
          if (top?.kind === 'repeat') top.untilSeen = true;
          return;
        default:
          this.labelCandidate = true;
      }
    }
    if (word === 'CASE') {
      this.blocks.push(newBlock('case-expression'));
    } else if (word === 'HANDLER') {
      this.handlerSeen = true;
    } else if (word === 'FOR' && this.handlerSeen) {
      this.handlerSeen = false;
      this.handlerFor = true; // the handler's statement follows its condition list
    }
  }
}

type Phase = 'first' | 'begin-pending' | 'begin-not' | 'create' | 'header' | 'body' | 'plain';
type ProgramKind = 'PROCEDURE' | 'FUNCTION' | 'TRIGGER' | 'EVENT';

interface Block {
  kind: 'begin' | 'if' | 'case-statement' | 'case-expression' | 'loop' | 'repeat';
  /** WHILE/FOR before their DO: the DO starts the loop's statements. */
  awaitingDo: boolean;
  /** REPEAT after its UNTIL: the next END closes it whatever comes before. */
  untilSeen: boolean;
}

interface Header {
  kind: ProgramKind;
  depth: number;
  paramsDone: boolean;
  bodyNext: boolean;
  skipNext: boolean;
  previousWord: string | null;
}

function newBlock(kind: Block['kind']): Block {
  return { kind, awaitingDo: false, untilSeen: false };
}

function freshHeader(kind: ProgramKind): Header {
  return {
    kind,
    depth: 0,
    paramsDone: false,
    bodyNext: false,
    skipNext: false,
    previousWord: null,
  };
}

const PROGRAM_KINDS = new Set(['PROCEDURE', 'FUNCTION', 'TRIGGER', 'EVENT']);
const CREATE_PREFIX_WORDS = new Set(['OR', 'REPLACE', 'DEFINER', 'AGGREGATE', 'CURRENT_USER']);
const TOP_LEVEL_COMPOUND = new Set(['IF', 'CASE', 'LOOP', 'WHILE', 'REPEAT', 'FOR']);
const OPENERS = new Set(['BEGIN', 'IF', 'CASE', 'LOOP', 'WHILE', 'REPEAT', 'FOR']);
const END_SUFFIXES = new Set(['IF', 'CASE', 'LOOP', 'WHILE', 'REPEAT', 'FOR']);

/** Words that can start a routine body; none of them can appear in a routine's header. */
const BODY_START_WORDS = new Set([
  ...OPENERS,
  'ALTER',
  'ANALYZE',
  'CALL',
  'CHANGE',
  'CHECK',
  'CHECKSUM',
  'CLOSE',
  'COMMIT',
  'CREATE',
  'DEALLOCATE',
  'DECLARE',
  'DELETE',
  'DESC',
  'DESCRIBE',
  'DO',
  'DROP',
  'EXECUTE',
  'EXPLAIN',
  'FETCH',
  'FLUSH',
  'GET',
  'GRANT',
  'HANDLER',
  'INSERT',
  'ITERATE',
  'KILL',
  'LEAVE',
  'LOAD',
  'LOCK',
  'OPEN',
  'OPTIMIZE',
  'PREPARE',
  'PURGE',
  'RELEASE',
  'RENAME',
  'REPAIR',
  'REPLACE',
  'RESET',
  'RESIGNAL',
  'RETURN',
  'REVOKE',
  'ROLLBACK',
  'SAVEPOINT',
  'SELECT',
  'SET',
  'SHOW',
  'SIGNAL',
  'START',
  'STOP',
  'TABLE',
  'TRUNCATE',
  'UNLOCK',
  'UPDATE',
  'VALUES',
  'WITH',
  'XA',
]);
