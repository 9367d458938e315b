# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""The rules of a Coccinelle semantic patch, and a copy of the patch that says which of its rules
changed the code: spatch itself is silent about a rule that matched nothing, so a patch could
apply in part and leave, say, a co-designed kernel that still chooses its tasks in software.

Each rule that adds or removes code gets a name (when it has none) and a position metavariable on
one token of the code it changes: the first line it removes, else the context line next to the
first line it adds. A Python script rule appended to the copy prints the rule's number for every
place that token matched; inside `<... ...>`, which also matches zero times, this is what tells a
rule that changed something from one that only matched its function. A rule whose change sits
next to no token that can carry a position (an #include line) is witnessed by its own match."""
from __future__ import annotations

import re
from dataclasses import dataclass

MARK = "rtbench-rule-changed"
_POSITION = "rtb_at"
_HEADER = re.compile(r"^@([^@]*)@\s*$")
_SCRIPT_KINDS = ("script:", "initialize:", "finalize:")
# Words that may open a rule header without naming the rule.
_HEADER_WORDS = {"depends", "disable", "using", "exists", "forall", "extends"}
_C_WORDS = {"if", "else", "for", "while", "do", "return", "switch", "case", "break", "continue", "goto", "sizeof",
            "struct", "union", "enum", "static", "const", "volatile", "void", "int", "char", "unsigned", "signed",
            "long", "short"}
# Lines of a rule body that are Coccinelle's own syntax, which a position cannot be attached to.
_BOUNDARY = re.compile(r"^\s*(<\+?\.\.\.|\.\.\.\+?>|\.\.\.|[(|)])\s*$")


@dataclass(frozen=True)
class Rule:
    index: int  # 1-based, among the patch's rules that change code
    name: str | None  # as written; None for an unnamed rule (@@)
    line: int  # in the patch, of the first line it adds or removes
    change: str  # that line, to name the rule by

    def described(self) -> str:
        which = f"rule '{self.name}'" if self.name else f"rule {self.index}"
        return f"{which} (line {self.line}: {self.change})"


@dataclass
class _Parsed:
    header: str  # between the @s
    line: int
    declarations: list[str]
    body: list[str]

    @property
    def is_script(self) -> bool:
        return self.header.strip().startswith(_SCRIPT_KINDS)

    @property
    def changes(self) -> list[tuple[int, str]]:
        """(line in the patch, text) of each line it adds or removes."""
        start = self.line + len(self.declarations) + 2  # after the header, declarations and @@
        return [(start + i, text) for i, text in enumerate(self.body) if text[:1] in ("+", "-")]


def _split(text: str) -> tuple[list[str], list[_Parsed]]:
    """The lines before the first rule, and the rules: header, metavariable declarations, body."""
    preamble: list[str] = []
    rules: list[_Parsed] = []
    in_declarations = False
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if in_declarations:
            if line.strip() == "@@":
                in_declarations = False
            else:
                rules[-1].declarations.append(line)
        elif header:
            rules.append(_Parsed(header.group(1), number, [], []))
            in_declarations = True
        elif rules:
            rules[-1].body.append(line)
        else:
            preamble.append(line)
    return preamble, rules


def _name_of(header: str) -> str | None:
    words = header.split()
    return words[0] if words and words[0] not in _HEADER_WORDS else None


def _metavariables(declarations: list[str]) -> set[str]:
    """Names a position cannot go on: every name declared but the `symbol`s (plain C names)."""
    names: set[str] = set()
    for statement in " ".join(declarations).split(";"):
        words = re.findall(r"[A-Za-z_]\w*", statement)
        if words and words[0] != "symbol":
            names.update(words[1:])
    return names


def _anchor_token(line: str, excluded: set[str]) -> re.Match[str] | None:
    code = line[1:]
    if code.lstrip().startswith(("#", "//", "/*")) or _BOUNDARY.match(code):
        return None
    for match in re.finditer(r"[A-Za-z_]\w*", code):
        after = code[match.end():].lstrip()
        if match.group() not in excluded and match.group() not in _C_WORDS and not after.startswith("@"):
            return match
    return None


def _anchor(body: list[str], excluded: set[str]) -> tuple[int, int] | None:
    """(line in the body, column) of the token that witnesses the rule's change, or None."""
    removed = [i for i, text in enumerate(body) if text.startswith("-")]
    added = [i for i, text in enumerate(body) if text.startswith("+")]
    if removed:
        order = removed[:1]
    else:  # the context next to the first addition, within its nest: above it, then below it
        first = added[0]
        order = _within_nest(body, range(first - 1, -1, -1)) + _within_nest(body, range(first + 1, len(body)))
    for index in order:
        text = body[index]
        if text.startswith("+"):
            continue
        token = _anchor_token(text, excluded)
        if token:
            return index, token.end() + 1
    return None


def _within_nest(body: list[str], indexes: range) -> list[int]:
    """The lines in `indexes` up to the first that opens or closes a nest (<... ...>), is `...`
    or splits a disjunction: a token beyond it could match where the change was not made."""
    kept = []
    for index in indexes:
        if _BOUNDARY.match(body[index][1:]):
            break
        kept.append(index)
    return kept


def instrumented(text: str) -> tuple[str, list[Rule]]:
    """The patch with every rule that changes code witnessed (see the module's docstring), and
    those rules. Applied, it changes the code exactly as the patch does, and prints
    "MARK N" on stdout for each rule N that changed something."""
    preamble, parsed = _split(text)
    out = list(preamble)
    rules: list[Rule] = []
    witnesses: list[str] = []
    for rule in parsed:
        header, declarations, body = rule.header, list(rule.declarations), list(rule.body)
        if not rule.is_script and rule.changes:
            index = len(rules) + 1
            name = _name_of(header)
            line, change = rule.changes[0]
            rules.append(Rule(index, name, line, change.strip()))
            if name is None:
                name = f"rtb_rule_{index}"
                header = f"{name} {header.strip()}"
            anchor = _anchor(body, _metavariables(declarations))
            if anchor:
                row, column = anchor
                body[row] = body[row][:column] + f"@{_POSITION}" + body[row][column:]
                declarations.append(f"position {_POSITION};")
                witnesses += ["", "@script:python@", f"rtb_p << {name}.{_POSITION};", "@@",
                              f'print("{MARK} {index}")']
            else:
                witnesses += ["", f"@script:python depends on {name}@", "@@", f'print("{MARK} {index}")']
        out += [f"@{header}@", *declarations, "@@", *body]
    return "\n".join(out + witnesses) + "\n", rules


def changed_rules(output: str) -> set[int]:
    """The rules that the instrumented patch's run reported as having changed something."""
    return {int(number) for number in re.findall(rf"^{MARK} (\d+)$", output, re.MULTILINE)}
