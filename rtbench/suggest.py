# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""Did you mean: the known names closest to one rtbench does not know, for an error's hint, so a
typo is answered with the name meant and not with a wall of every name."""
from __future__ import annotations

import difflib
from collections.abc import Sequence

# How alike two names must be to be suggested (difflib's ratio: 2 x matching characters / both lengths).
CUTOFF = 0.6
# A best match this far ahead of the next is the one meant: suggested alone.
CLEAR_LEAD = 0.1
# Sets this small are listed whole in the hint; larger ones are named by the command that lists them.
LISTED_WHOLE = 12


def closest(given: str, known: Sequence[str], most: int = 3) -> list[str]:
    """The known names like `given`, case aside, best first: the one name when it stands out (or
    differs only in case), else up to `most` of them; none when nothing is alike."""
    text = given.strip().lower()
    same = [name for name in known if name.lower() == text]
    if same:
        return same[:1]
    scored = [(difflib.SequenceMatcher(None, text, name.lower()).ratio(), -order, name)
              for order, name in enumerate(known)]
    alike = sorted((entry for entry in scored if entry[0] >= CUTOFF), reverse=True)[:most]
    if len(alike) > 1 and alike[0][0] - alike[1][0] >= CLEAR_LEAD:
        alike = alike[:1]
    return [name for _, _, name in alike]


def or_list(names: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def unknown_hint(given: str, known: Sequence[str], plural: str, listing: str | None = "rtbench list") -> str:
    """The hint for an unknown name: the closest known ones, then every name when there are few
    or no command lists them (`plural` says what they are: 'targets'), else that command."""
    alike = closest(given, known)
    guess = f"did you mean {or_list(alike)}? " if alike else ""
    if len(known) <= LISTED_WHOLE or listing is None:
        return f"{guess}{plural}: {', '.join(known)}"
    return f"{guess}`{listing}` shows all {len(known)} {plural}"
