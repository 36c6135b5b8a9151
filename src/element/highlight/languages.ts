/**
 * The languages the highlight file reads, by the names a fence gives them. Each is a short list of
 * rules (see `tokenize.ts`) for what a reader tells apart: comments (`c`), strings (`s`), keywords
 * (`k`), numbers and literals (`n`), types and tags (`t`), called functions (`f`), properties,
 * attributes and keys (`p`), meta lines such as directives, decorators and a diff's headers (`m`),
 * variables (`v`), and a diff's added and removed lines (`i`, `d`). A rule is a regular expression
 * without capturing groups; the rules of a line are tried in order.
 */
import { grammar, words, type Grammar, type Rule } from './tokenize.js';

// Pieces several languages share.
const LINE = '//[^\\n]*';
const BLOCK = '/\\*(?:[^*]|\\*(?!/))*(?:\\*/)?';
const HASH = '#[^\\n]*';
/** A string between `q`s on one line, with backslash escapes (unclosed: to the end of the line). */
const quoted = (q: string): string => `${q}(?:[^${q}\\\\\\n]|\\\\[\\s\\S])*${q}?`;
const DQ = quoted('"');
const SQ = quoted("'");
/** A string between `q`s over any lines, with backslash escapes. */
const long = (q: string): string => `${q}(?:[^${q}\\\\]|\\\\[\\s\\S])*${q}?`;
const NUMBER =
  '\\b(?:0[xX][\\da-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|\\d[\\d_]*(?:\\.[\\d_]+)?(?:[eE][+-]?\\d+)?)[a-zA-Z]*\\b';
const CALL = '\\b[A-Za-z_]\\w*(?=\\s*\\()';
const CAPITAL = '\\b[A-Z]\\w*';

const c = (pattern: string): Rule => ['c', pattern];
const s = (pattern: string): Rule => ['s', pattern];
const k = (list: string): Rule => ['k', words(list)];
const n = (list: string): Rule => ['n', words(list)];
const t = (list: string): Rule => ['t', words(list)];

/** A language of the C family: its comments and strings, then its keywords, literals and types. */
const cLike = (
  strings: readonly Rule[],
  keywords: string,
  literals: string,
  types: string,
  before: readonly Rule[] = [],
): Grammar =>
  grammar([
    ...before,
    c(LINE),
    c(BLOCK),
    ...strings,
    k(keywords),
    n(literals),
    ['n', NUMBER],
    // No word list at all, not an empty one (which would match nothing everywhere).
    ...(types ? [t(types)] : []),
    ['f', CALL],
    ['t', CAPITAL],
  ]);

const JS_KEYWORDS =
  'break case catch class const continue debugger default delete do else export extends finally for function if import in instanceof let new of return static super switch this throw try typeof var void while with yield async await get set from as';
const JS_LITERALS = 'true false null undefined NaN Infinity';
const JS_STRINGS = [s(long('`')), s(DQ), s(SQ)];
const js = cLike(JS_STRINGS, JS_KEYWORDS, JS_LITERALS, '');
const ts = cLike(
  JS_STRINGS,
  `${JS_KEYWORDS} type interface enum implements private protected public readonly abstract declare namespace module keyof infer is satisfies override unique asserts`,
  JS_LITERALS,
  'string number boolean any unknown never object symbol bigint',
  [['m', '@[A-Za-z_]\\w*']],
);

const C_KEYWORDS =
  'auto break case const continue default do else enum extern for goto if inline register restrict return sizeof static struct switch typedef union volatile while';
const C_TYPES =
  'bool char double float int long short signed unsigned void size_t ssize_t ptrdiff_t wchar_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t FILE';
const DIRECTIVE: Rule = ['m', '^[ \\t]*#[ \\t]*(?:include[ \\t]*(?:<[^>\\n]*>?|"[^"\\n]*"?)|\\w+)'];
/** A character: one, or one escape (closed, so that a Rust lifetime is not read as one). */
const C_CHAR = s("'(?:[^'\\\\\\n]|\\\\[^'\\n]{1,9})'");
const cLang = cLike([s(DQ), C_CHAR], C_KEYWORDS, 'true false NULL', C_TYPES, [DIRECTIVE]);
const cpp = cLike(
  [s(DQ), C_CHAR],
  `${C_KEYWORDS} alignas alignof asm catch class constexpr consteval constinit co_await co_return co_yield decltype delete explicit export friend mutable namespace new noexcept operator override final private protected public static_assert template this throw try typeid typename using virtual concept requires`,
  'true false NULL nullptr',
  `${C_TYPES} std string vector map`,
  [DIRECTIVE],
);

const java = cLike(
  [s('"""(?:[^"]|"(?!""))*(?:""")?'), s(DQ), C_CHAR],
  'abstract assert break case catch class continue default do else enum extends final finally for if implements import instanceof interface native new package private protected public return static strictfp super switch synchronized this throw throws transient try volatile while var record yield sealed permits non-sealed',
  'true false null',
  'boolean byte char double float int long short void',
  [['m', '@[A-Za-z_]\\w*']],
);

const csharp = cLike(
  [s('\\$?@"(?:[^"]|"")*"?'), s('\\$?"(?:[^"\\\\\\n]|\\\\[\\s\\S])*"?'), C_CHAR],
  'abstract as base break case catch checked class const continue default delegate do else enum event explicit extern finally fixed for foreach goto if implicit in interface internal is lock namespace new operator out override params private protected public readonly ref return sealed sizeof stackalloc static struct switch this throw try typeof unchecked unsafe using virtual volatile while async await var get set init record where yield partial nameof when',
  'true false null',
  'bool byte char decimal double float int long object sbyte short string uint ulong ushort void dynamic',
  [['m', '^[ \\t]*#[ \\t]*\\w+']],
);

const go = cLike(
  [s('`[^`]*`?'), s(DQ), C_CHAR],
  'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var',
  'true false nil iota',
  'bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any',
);

const rust = cLike(
  [s('\\bb?r#*"[\\s\\S]*?"#*'), s(long('"')), C_CHAR, ['v', "'[A-Za-z_]\\w*"]],
  'as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait type unsafe use where while',
  'true false',
  'i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str',
  [
    ['m', '#!?\\[[^\\]\\n]*\\]?'],
    ['f', '\\b[A-Za-z_]\\w*!'],
  ],
);

const PY_PREFIX = '(?:\\b[rRbBfFuU]{1,2})?';
const python = grammar([
  c(HASH),
  s(`${PY_PREFIX}(?:"""(?:[^"\\\\]|\\\\[\\s\\S]|"(?!""))*(?:""")?|'''(?:[^'\\\\]|\\\\[\\s\\S]|'(?!''))*(?:''')?)`),
  s(`${PY_PREFIX}(?:${DQ}|${SQ})`),
  ['m', '@[A-Za-z_][\\w.]*'],
  k(
    'and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case',
  ),
  n('True False None'),
  ['n', NUMBER],
  t('int str float bool list dict set tuple bytes object type self'),
  ['f', CALL],
  ['t', CAPITAL],
]);

const shell = grammar([
  ['m', '^#![^\\n]*'],
  // A comment starts a word: `#` inside one (`${#list}`, `a#b`) is not.
  c('(?:^|[ \\t;])#[^\\n]*'),
  s(long('"')),
  s("'[^']*'?"),
  ['v', '\\$(?:\\{[^}\\n]*\\}?|\\w+|[@#?$!*0-9-])'],
  k(
    'if then else elif fi for while until do done case esac in function return select time local export readonly declare unset shift exit break continue source alias',
  ),
  [
    'f',
    words(
      'echo printf cd ls grep sed awk cat rm cp mv mkdir touch curl wget git npm npx pnpm yarn node pip python python3 sudo apt apt-get brew chmod chown tar ssh docker kubectl find xargs test read eval exec set trap kill make',
    ),
  ],
  ['p', '(?:^|[ \\t])--?[A-Za-z][\\w-]*'],
  ['n', '\\b\\d+\\b'],
]);

const json = grammar([
  c(LINE),
  c(BLOCK),
  ['p', `${DQ}(?=\\s*:)`],
  s(DQ),
  n('true false null'),
  ['n', '-?\\b\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?\\b'],
]);

/** Inside a tag: its name, its attributes and their values. */
const TAG = grammar([['t', '^</?[^\\s/>]+'], s('"[^"]*"?'), s("'[^']*'?"), ['p', '[^\\s"\'=<>/]+']]);
const markup = grammar([
  c('<!--(?:[^-]|-(?!->))*(?:-->)?'),
  ['m', '<!\\[CDATA\\[[\\s\\S]*?(?:\\]\\]>|$(?![\\s\\S]))|<[!?][^>]*>?'],
  ['', '</?[A-Za-z][^\\s/>]*(?:"[^"]*"?|\'[^\']*\'?|[^"\'>])*>?', TAG],
  ['n', '&(?:#x?[\\da-fA-F]+|\\w+);'],
]);

const css = grammar([
  c(BLOCK),
  s(DQ),
  s(SQ),
  ['k', '@[\\w-]+|!important\\b'],
  ['v', '--[\\w-]+'],
  // A property: a name and a colon not followed by a block (`a:hover {` is a selector).
  ['p', '\\b[a-z-]+(?=\\s*:(?![^{};]{0,200}\\{))'],
  ['n', '#[\\da-fA-F]{3,8}\\b|\\b\\d+(?:\\.\\d+)?(?:%|[a-zA-Z]+)?|\\.\\d+(?:%|[a-zA-Z]+)?'],
  ['f', '[\\w-]+(?=\\()'],
]);

const sql = grammar(
  [
    c('--[^\\n]*'),
    c(BLOCK),
    s("'(?:[^']|'')*'?"),
    ['p', '"[^"\\n]*"?|`[^`\\n]*`?'],
    k(
      'select from where and or not insert into values update set delete create table alter drop index view join inner left right outer full cross on as group by order having limit offset union all distinct case when then else end is like ilike in between exists primary key foreign references default constraint unique check begin commit rollback transaction with returning if replace asc desc add column database schema grant revoke truncate cascade over partition',
    ),
    n('null true false'),
    ['n', NUMBER],
    t(
      'int integer smallint bigint varchar char text date time timestamp timestamptz boolean numeric decimal float real double serial uuid json jsonb blob',
    ),
    ['f', CALL],
  ],
  'i',
);

const php = grammar([
  ['m', '<\\?(?:php|=)?|\\?>'],
  c(LINE),
  c(BLOCK),
  c(HASH),
  ['v', '\\$\\w+'],
  s(long('"')),
  s(long("'")),
  k(
    'abstract and array as break callable case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile extends final finally fn for foreach function global goto if implements include include_once instanceof insteadof interface isset list match namespace new or print private protected public readonly require require_once return static switch throw trait try unset use var while xor yield enum',
  ),
  n('true false null TRUE FALSE NULL'),
  ['n', NUMBER],
  t('int float string bool void mixed never object self parent'),
  ['f', CALL],
  ['t', CAPITAL],
]);

const ruby = grammar([
  c('^=begin[\\s\\S]*?(?:^=end|$(?![\\s\\S]))'),
  c(HASH),
  s(long('"')),
  s(long("'")),
  // `::` is a scope, not a symbol.
  ['', '::'],
  ['v', ':[A-Za-z_]\\w*[?!]?|@{1,2}[A-Za-z_]\\w*|\\$\\w+'],
  k(
    'alias and begin break case class def defined do else elsif end ensure for if in module next not or redo rescue retry return self super then undef unless until when while yield require require_relative attr_accessor attr_reader attr_writer include extend private protected public lambda proc raise puts',
  ),
  n('true false nil'),
  ['n', NUMBER],
  ['f', '\\b[a-z_]\\w*[?!]?(?=\\()'],
  ['t', CAPITAL],
]);

const yaml = grammar([
  c('(?:^|[ \\t])#[^\\n]*'),
  ['m', '^(?:---|\\.\\.\\.)(?=\\s|$)|![^\\s]+'],
  // A key: from a line's start (past a list's dashes) to a colon and a space (read once per line).
  ['', '^[ \\t]*(?:-[ \\t]+)*[^\\s:#\'"\\[\\]{},-][^:#\\n]*?(?=:(?:[ \\t]|$))', grammar([['p', '[^\\s-][\\s\\S]*']])],
  s(long('"')),
  s("'(?:[^']|'')*'?"),
  ['v', '[&*][\\w-]+'],
  n('true false null yes no on off True False Null'),
  [
    'n',
    '(?:^|[ \\t])[-+]?(?:\\d[\\d_]*(?:\\.\\d+)?(?:[eE][+-]?\\d+)?|0x[\\da-fA-F]+|\\.inf|\\.nan|~)(?=[ \\t]*(?:$|#|,|\\]|\\}))',
  ],
]);

const diff = grammar([
  ['m', '^(?:\\+\\+\\+|---|@@|diff |index |new file|deleted file|similarity|rename )[^\\n]*'],
  ['i', '^[+>][^\\n]*'],
  ['d', '^[-<][^\\n]*'],
  c('^\\\\[^\\n]*'),
]);

const LANGUAGES: Readonly<Record<string, Grammar>> = {
  js,
  ts,
  py: python,
  sh: shell,
  json,
  html: markup,
  css,
  sql,
  java,
  c: cLang,
  cpp,
  cs: csharp,
  go,
  rs: rust,
  php,
  rb: ruby,
  yaml,
  diff,
};

/** Other names a fence gives them. */
const ALIASES: Readonly<Record<string, string>> = {
  javascript: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'js',
  node: 'js',
  typescript: 'ts',
  tsx: 'ts',
  mts: 'ts',
  python: 'py',
  python3: 'py',
  py3: 'py',
  bash: 'sh',
  shell: 'sh',
  zsh: 'sh',
  console: 'sh',
  shellscript: 'sh',
  ksh: 'sh',
  jsonc: 'json',
  json5: 'json',
  xml: 'html',
  svg: 'html',
  xhtml: 'html',
  htm: 'html',
  markup: 'html',
  vue: 'html',
  scss: 'css',
  less: 'css',
  mysql: 'sql',
  postgresql: 'sql',
  postgres: 'sql',
  pgsql: 'sql',
  plsql: 'sql',
  sqlite: 'sql',
  tsql: 'sql',
  h: 'c',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  csharp: 'cs',
  'c#': 'cs',
  golang: 'go',
  rust: 'rs',
  ruby: 'rb',
  yml: 'yaml',
  patch: 'diff',
};

/** The grammar of a fence's language (`js`, `Python`, `c++`...), or undefined for one it does not read. */
export function grammarOf(lang: string): Grammar | undefined {
  const name = lang.toLowerCase();
  const key = Object.hasOwn(ALIASES, name) ? ALIASES[name]! : name;
  return Object.hasOwn(LANGUAGES, key) ? LANGUAGES[key] : undefined;
}
