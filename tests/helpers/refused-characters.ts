/** The reasons the text rule gives, by class of character (see src/lib/text.ts). */
export const CONTROL =
  "is a control character: text may hold a tab, and a newline where the field spans lines, but no other";
export const NONCHARACTER = "is a Unicode noncharacter, reserved for a program's own use and never exchanged";
export const SURROGATE =
  "is a lone surrogate: half of a UTF-16 pair, not a character, which neither UTF-8 nor XML can carry";
export const BIDI = "is a bidirectional control: it makes text display in another order than it is written";
export const MARK = "is an invisible direction mark: it can reorder the digits and punctuation around it";

/** One of each class of character the text rule refuses, with the reason a report gives. */
export const REFUSED_CHARACTERS: readonly (readonly [name: string, character: string, message: string])[] = [
  ["NUL", "\u0000", `U+0000 ${CONTROL}`],
  ["U+0001", "\u0001", `U+0001 ${CONTROL}`],
  ["ESC", "\u001b", `U+001B ${CONTROL}`],
  ["carriage return", "\r", `U+000D ${CONTROL}`],
  ["DEL", "\u007f", `U+007F ${CONTROL}`],
  ["the C1 control NEL", "\u0085", `U+0085 ${CONTROL}`],
  [
    "the line separator",
    "\u2028",
    "U+2028 is a line separator, which readers show differently: write a newline where the field spans lines",
  ],
  ["the noncharacter U+FFFE", "\ufffe", `U+FFFE ${NONCHARACTER}`],
  ["the noncharacter U+FFFF", "\uffff", `U+FFFF ${NONCHARACTER}`],
  ["the noncharacter U+FDD0", "\ufdd0", `U+FDD0 ${NONCHARACTER}`],
  ["the noncharacter U+1FFFE", "\u{1fffe}", `U+1FFFE ${NONCHARACTER}`],
  ["the noncharacter U+10FFFF", "\u{10ffff}", `U+10FFFF ${NONCHARACTER}`],
  ["a lone high surrogate", "\ud800", `U+D800 ${SURROGATE}`],
  ["a lone low surrogate", "\udfff", `U+DFFF ${SURROGATE}`],
  ["the right-to-left override", "\u202e", `U+202E ${BIDI}`],
  ["the left-to-right embedding", "\u202a", `U+202A ${BIDI}`],
  ["the right-to-left isolate", "\u2067", `U+2067 ${BIDI}`],
  ["the pop directional isolate", "\u2069", `U+2069 ${BIDI}`],
  ["the right-to-left mark", "\u200f", `U+200F ${MARK}`],
  ["the Arabic letter mark", "\u061c", `U+061C ${MARK}`],
];
