# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Sentences that claim how many kernels, targets, CPU variants or benchmarks rtbench has.

A count near one of those nouns is often about a subset ("the three kernels of the reference
runs"), which no test can judge. A claim about the whole set has a tell: the noun is rtbench's own
word for its folders ("kernel ports"), or the count follows what rtbench does with the whole set
("runs", "supports", "has", "ships", "covers", "exercises"): "Four kernel ports (...)", "Today it
runs three RTOS kernels", "CI exercises all three RTOS kernels" (while "all three kernels" alone is
most often the three just named). stale_claims() finds those whose number is not what the code
has now (the words before the count stay in its clause: "reference runs; the three kernels" is
no claim); a page that needs the number says it with
<!-- rtbench:count SET --> instead (rtbench.reports.code_facts)."""
from __future__ import annotations

import re

from rtbench.reports import code_facts

WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
_NUMBER = r"\d+|" + "|".join(WORDS)
_NOUN = r"kernel ports|kernels|targets|benchmarks|cpu variants"
_CLAIM = re.compile(rf"(?P<lead>(?:[\w/'-]+\s+){{0,3}})\b(?P<count>{_NUMBER})\s+"
                    rf"(?P<between>(?:(?!of\b)[\w/-]+\s+){{0,2}}?)(?P<noun>{_NOUN})\b", re.IGNORECASE)
_WHOLE = re.compile(r"\b(runs|supports|has|ships|covers|exercises|offers)\b", re.IGNORECASE)
_FENCE = re.compile(r"^[ \t]*(```|~~~)")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def true_counts() -> dict[str, set[int]]:
    """What a claim about each noun may say: either reading of "kernels" (the ports, or the
    kernels apart from co-designs and guests), the targets with or without `board`."""
    def size(name: str) -> int:
        return len(code_facts.members(name))

    kernels = {size("kernel-ports"), size("kernels")}
    return {"kernel ports": kernels, "kernels": kernels, "targets": {size("targets"), size("targets") - 1},
            "benchmarks": {size("benchmarks")},
            "cpu variants": {size("cpu-variants"), size("cpu-variants") + size("configurable-cpus")}}


def prose(markdown: str) -> str:
    """The page's text outside fenced code and HTML comments, its lines joined."""
    kept, fenced = [], False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            kept.append(line)
    return " ".join(_COMMENT.sub(" ", "\n".join(kept)).split())


def _number(word: str) -> int:
    return int(word) if word.isdigit() else WORDS.index(word.lower())


def stale_claims(markdown: str, counts: dict[str, set[int]]) -> list[str]:
    """The whole-set claims whose number is not one the code gives."""
    found = []
    for match in _CLAIM.finditer(prose(markdown)):
        noun = match.group("noun").lower()
        whole = noun == "kernel ports" or _WHOLE.search(match.group("lead"))
        if whole and _number(match.group("count")) not in counts[noun]:
            found.append(match.group(0).strip())
    return found
