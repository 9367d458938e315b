# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench completion bash|zsh|fish`: a shell completion script, written from the parser itself
(commands, their options, the options' fixed choices) and from what rtbench knows (the targets,
kernels, profiles, benchmarks, CPU variants and boards those options name), so it cannot drift
from the command line. The names are those of the rtbench that wrote the script: write it again
after adding a benchmark, a kernel or a target.

    eval "$(rtbench completion bash)"                       # in ~/.bashrc
    rtbench completion zsh > ~/.zfunc/_rtbench              # with fpath+=(~/.zfunc)
    rtbench completion fish > ~/.config/fish/completions/rtbench.fish"""
from __future__ import annotations

import argparse
from dataclasses import dataclass

SHELLS = ("bash", "zsh", "fish")


@dataclass(frozen=True)
class Option:
    names: tuple[str, ...]
    help: str
    choices: tuple[str, ...]
    takes_value: bool
    listed: bool = False  # a comma-separated list of the choices (--bench a,b)
    files: bool = False  # a file as well as the choices (--board FILE)


@dataclass(frozen=True)
class Values:
    """The names an option takes; `listed`: several, comma-separated; `files`: or a file."""

    names: tuple[str, ...]
    listed: bool = False
    files: bool = False


def option_values() -> dict[str, Values]:
    """The names each naming option takes, wherever it appears, as rtbench lists them."""
    from ..acquire import boards, catalogue, platforms

    targets, kernels = platforms.targets(), platforms.kernels()
    return {
        "--target": Values((*(t.name for t in targets), "board")),
        "--os": Values(tuple(k.name for k in kernels)),
        "--profile": Values(tuple(dict.fromkeys(p for k in kernels for p in k.profiles))),
        "--bench": Values(tuple(b.name for b in catalogue.scan()), listed=True),
        "--cpu-variant": Values(tuple(dict.fromkeys(v for t in targets for v in platforms.variant_names(t))),
                                listed=True),
        "--board": Values(tuple(boards.known_boards()), files=True),
    }


def positional_values() -> dict[str, Values]:
    """The names a positional argument takes, by its metavar, wherever it appears."""
    from ..analysis import studies

    return {"STUDY": Values(tuple(studies.all_studies()))}


def _positional(parser: argparse.ArgumentParser) -> tuple[str, ...]:
    """The names a command's positional arguments take (`rtbench study ugurel2012`)."""
    named = positional_values()
    return tuple(name for action in parser._actions if not action.option_strings and isinstance(action.metavar, str)
                 for name in named.get(action.metavar, Values(())).names)


def _options(parser: argparse.ArgumentParser, values: dict[str, Values]) -> list[Option]:
    found = []
    for action in parser._actions:
        if not action.option_strings or action.help == argparse.SUPPRESS:
            continue
        named = next((values[n] for n in action.option_strings if n in values), None)
        if action.choices:
            named = Values(tuple(str(c) for c in action.choices))
        elif named is None or action.nargs == 0:
            named = Values(())
        found.append(Option(tuple(action.option_strings), " ".join((action.help or "").split()), named.names,
                            action.nargs != 0, named.listed, named.files))
    return found


def commands(top: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


_BASH_LIST = """_rtbench_list() {  # the last name of a comma-separated list
    local head="" word=$cur
    if [[ $cur == *,* ]]; then head=${cur%,*},; word=${cur##*,}; fi
    compopt -o nospace 2>/dev/null
    COMPREPLY=($(compgen -P "$head" -W "$1" -- "$word"))
}"""


def _bash(top: argparse.ArgumentParser, values: dict[str, Values]) -> str:
    table = commands(top)
    lines = ["# bash completion for rtbench (rtbench completion bash)", _BASH_LIST, "_rtbench() {",
             '    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" i',
             "    for ((i = 1; i < COMP_CWORD; i++)); do",
             "        case ${COMP_WORDS[i]} in",
             f"            {'|'.join(table)}) cmd=${{COMP_WORDS[i]}}; break;;",
             "        esac", "    done", "    case $cmd in"]
    for name, parser in [("", top), *table.items()]:
        options = _options(parser, values)
        words = " ".join((*(n for o in options for n in o.names), *_positional(parser), *([] if name else table)))
        lines.append(f'        "{name}")')
        for option in (o for o in options if o.choices):
            reply = (f'_rtbench_list "{" ".join(option.choices)}"' if option.listed
                     else f'COMPREPLY=($(compgen -W "{" ".join(option.choices)}" -- "$cur"))')
            lines.append(f'            case $prev in {"|".join(option.names)}) {reply}; return;; esac')
        lines.append(f'            COMPREPLY=($(compgen -W "{words}" -- "$cur"));;')
    lines += ["    esac", "}", "complete -o default -F _rtbench rtbench", ""]
    return "\n".join(lines)


def _zsh_quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def _zsh_action(option: Option) -> str:
    """What zsh offers after the option: its names (each of a comma-separated list), a file, nothing."""
    if option.choices and option.listed:
        return f":value:_values -s , value {' '.join(option.choices)}"
    if option.choices and option.files:  # its colons and quotes escaped for the single-quoted spec
        either = f"{{_alternative 'names:name:({' '.join(option.choices)})' 'files:file:_files'}}"
        return ":value:" + either.replace(":", "\\:").replace("'", "'\\''")
    if option.choices:
        return f":value:({' '.join(option.choices)})"
    return ":value:_files" if option.takes_value else ""


def _zsh(top: argparse.ArgumentParser, values: dict[str, Values]) -> str:
    table = commands(top)
    lines = ["#compdef rtbench", "# zsh completion for rtbench (rtbench completion zsh)", "_rtbench() {",
             "    local -a commands", "    commands=("]
    lines += [f"        '{name}:{_zsh_quote(parser.description or '')[:60]}'" for name, parser in table.items()]
    lines += ["    )", "    if (( CURRENT == 2 )); then _describe command commands; return; fi",
              "    case ${words[2]} in"]
    for name, parser in table.items():
        specs = []
        for option in _options(parser, values):
            for flag in option.names:
                specs.append(f"'{flag}[{_zsh_quote(option.help)[:70]}]{_zsh_action(option)}'")
        named = _positional(parser)
        first = f"'1:value:({' '.join(named)})' " if named else ""
        lines.append(f"        {name}) _arguments {' '.join(specs)} {first}'*:file:_files';;")
    lines += ["    esac", "}", '_rtbench "$@"', ""]
    return "\n".join(lines)


def _fish_function(option: Option) -> str:
    return "__rtbench_" + option.names[-1].lstrip("-").replace("-", "_")


def _fish(top: argparse.ArgumentParser, values: dict[str, Values]) -> str:
    table = commands(top)
    lines = ["# fish completion for rtbench (rtbench completion fish)",
             f"complete -c rtbench -n __fish_use_subcommand -f -a '{' '.join(table)}'"]
    listed: dict[str, Option] = {}
    for name, parser in table.items():
        if _positional(parser):
            names = " ".join(_positional(parser))
            lines.append(f"complete -c rtbench -n '__fish_seen_subcommand_from {name}' -f -a '{names}'")
        for option in _options(parser, values):
            long = [n[2:] for n in option.names if n.startswith("--")]
            short = [n[1:] for n in option.names if not n.startswith("--")]
            parts = [f"complete -c rtbench -n '__fish_seen_subcommand_from {name}'"]
            parts += [f"-l {n}" for n in long] + [f"-s {n}" for n in short]
            if option.choices and option.listed:
                listed.setdefault(_fish_function(option), option)
                parts.append(f"-x -a '(__fish_complete_list , {_fish_function(option)})'")
            elif option.choices:
                parts.append(f"{'-r' if option.files else '-x'} -a '{' '.join(option.choices)}'")
            elif option.takes_value:
                parts.append("-r")
            parts.append("-d '" + option.help[:60].replace("'", "\\'") + "'")
            lines.append(" ".join(parts))
    # The names of a comma-separated list, one per line, for fish's __fish_complete_list.
    functions = [f"function {fn}; printf '%s\\n' {' '.join(o.choices)}; end" for fn, o in listed.items()]
    return "\n".join(lines[:2] + functions + lines[2:]) + "\n"


def script(top: argparse.ArgumentParser, shell: str) -> str:
    return {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell](top, option_values())


def add_completion(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = sub.add_parser("completion", help="print a shell completion script (bash, zsh or fish)",
                         description=__doc__.split("\n\n")[0].replace("\n", " "))
    cmd.add_argument("shell", choices=SHELLS, help="the shell the script is for")
    cmd.set_defaults(func=cmd_completion)


def cmd_completion(args: argparse.Namespace) -> int:
    from . import parser  # the whole command line, this command included

    print(script(parser(), args.shell), end="")
    return 0
