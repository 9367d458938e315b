# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench completion bash|zsh|fish`: a shell completion script, written from the parser itself
(commands, their options, the options' fixed choices), so it cannot drift from the command line.

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


def _options(parser: argparse.ArgumentParser) -> list[Option]:
    found = []
    for action in parser._actions:
        if not action.option_strings or action.help == argparse.SUPPRESS:
            continue
        choices = tuple(str(c) for c in action.choices) if action.choices else ()
        found.append(Option(tuple(action.option_strings), " ".join((action.help or "").split()), choices,
                            action.nargs != 0))
    return found


def commands(top: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _bash(top: argparse.ArgumentParser) -> str:
    table = commands(top)
    lines = ["# bash completion for rtbench (rtbench completion bash)", "_rtbench() {",
             '    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" i',
             "    for ((i = 1; i < COMP_CWORD; i++)); do",
             "        case ${COMP_WORDS[i]} in",
             f"            {'|'.join(table)}) cmd=${{COMP_WORDS[i]}}; break;;",
             "        esac", "    done", "    case $cmd in"]
    for name, parser in [("", top), *table.items()]:
        options = _options(parser)
        words = " ".join(n for o in options for n in o.names) + ("" if name else " " + " ".join(table))
        lines.append(f'        "{name}")')
        for option in (o for o in options if o.choices):
            lines.append(f'            case $prev in {"|".join(option.names)}) '
                         f'COMPREPLY=($(compgen -W "{" ".join(option.choices)}" -- "$cur")); return;; esac')
        lines.append(f'            COMPREPLY=($(compgen -W "{words}" -- "$cur"));;')
    lines += ["    esac", "}", "complete -o default -F _rtbench rtbench", ""]
    return "\n".join(lines)


def _zsh_quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def _zsh(top: argparse.ArgumentParser) -> str:
    table = commands(top)
    lines = ["#compdef rtbench", "# zsh completion for rtbench (rtbench completion zsh)", "_rtbench() {",
             "    local -a commands", "    commands=("]
    lines += [f"        '{name}:{_zsh_quote(parser.description or '')[:60]}'" for name, parser in table.items()]
    lines += ["    )", "    if (( CURRENT == 2 )); then _describe command commands; return; fi",
              "    case ${words[2]} in"]
    for name, parser in table.items():
        specs = []
        for option in _options(parser):
            if option.choices:
                action = f":value:({' '.join(option.choices)})"
            else:
                action = ":value:_files" if option.takes_value else ""
            for flag in option.names:
                specs.append(f"'{flag}[{_zsh_quote(option.help)[:70]}]{action}'")
        lines.append(f"        {name}) _arguments {' '.join(specs)} '*:file:_files';;")
    lines += ["    esac", "}", '_rtbench "$@"', ""]
    return "\n".join(lines)


def _fish(top: argparse.ArgumentParser) -> str:
    table = commands(top)
    lines = ["# fish completion for rtbench (rtbench completion fish)",
             f"complete -c rtbench -n __fish_use_subcommand -f -a '{' '.join(table)}'"]
    for name, parser in table.items():
        for option in _options(parser):
            long = [n[2:] for n in option.names if n.startswith("--")]
            short = [n[1:] for n in option.names if not n.startswith("--")]
            parts = [f"complete -c rtbench -n '__fish_seen_subcommand_from {name}'"]
            parts += [f"-l {n}" for n in long] + [f"-s {n}" for n in short]
            if option.choices:
                parts.append(f"-x -a '{' '.join(option.choices)}'")
            elif option.takes_value:
                parts.append("-r")
            parts.append("-d '" + option.help[:60].replace("'", "\\'") + "'")
            lines.append(" ".join(parts))
    return "\n".join(lines) + "\n"


def script(top: argparse.ArgumentParser, shell: str) -> str:
    return {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell](top)


def add_completion(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = sub.add_parser("completion", help="print a shell completion script (bash, zsh or fish)",
                         description=__doc__.split("\n\n")[0].replace("\n", " "))
    cmd.add_argument("shell", choices=SHELLS, help="the shell the script is for")
    cmd.set_defaults(func=cmd_completion)


def cmd_completion(args: argparse.Namespace) -> int:
    from . import parser  # the whole command line, this command included

    print(script(parser(), args.shell), end="")
    return 0
