# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""MkDocs hook: the pages rtbench can describe itself, generated at build time and never committed.

- benchmarks/: one page per benchmark of the catalogue (rtbench.acquire.catalogue.scan()), with the
  leading comment of its C file (what is timed and what is checked), its medians in the stored
  reference runs and the studies that use it (rtbench.reports.benchmark_figures), and an index;
- targets/ and kernels/: one page per firmware/targets/*/target.toml and firmware/os/*/os.toml;
- cli.md: the command-line reference, from rtbench.cli.parser();
- in every page, <!-- rtbench:count SET --> and <!-- rtbench:names SET --> (rtbench.reports.code_facts):
  how many kernels, targets, CPU variants or benchmarks there are, and which, inside a sentence.

A nav section whose first entry is a generated index.md (benchmarks/, targets/, kernels/) gets
that folder's generated pages, in the catalogue's order."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

_LEADING_COMMENT = re.compile(r"/\*(.*?)\*/", re.DOTALL)
_HELP_WIDTH = 100


def _import_rtbench(config: MkDocsConfig) -> Any:
    """rtbench from the checkout that holds mkdocs.yml (not another installed copy)."""
    root = str(Path(config.config_file_path).resolve().parent)
    if sys.path[:1] != [root]:
        sys.path.insert(0, root)
    for name in [n for n in sys.modules if n == "rtbench" or n.startswith("rtbench.")]:
        del sys.modules[name]
    import rtbench.acquire.catalogue
    import rtbench.acquire.platforms
    import rtbench.cli
    import rtbench.paths
    import rtbench.reports.benchmark_figures
    import rtbench.reports.reference_runs

    return rtbench


def leading_comment(source: Path) -> list[str]:
    """The first comment of a C file after its SPDX lines, line by line, without the comment marks."""
    for match in _LEADING_COMMENT.finditer(source.read_text()):
        text = match.group(1)
        if "SPDX-" in text:
            continue
        return [line.strip().removeprefix("*").strip() for line in text.strip().splitlines()]
    return []


def as_quote(lines: list[str]) -> str:
    """Comment lines as a Markdown block quote; a line starting with "- " starts a list item."""
    out: list[str] = []
    for line in lines:
        if line.startswith("- ") and out and out[-1] and not out[-1].startswith("- "):
            out.append("")
        out.append(line)
    return "\n".join(f"> {line}".rstrip() for line in out)


def benchmark_page(bench: Any, repo_root: Path, figures: str = "") -> str:
    facts = [("source", f"`{bench.source}`")]
    if bench.param:
        values = ", ".join(map(str, bench.values)) if bench.values else "per part and section"
        facts.append(("parameter", f"`{bench.param}`: {values}"))
    if bench.count:
        count = f"{bench.count}" + (f" (option `{bench.count_key}`)" if bench.count_key else "")
        if bench.count_per_key:
            count += f" × option `{bench.count_per_key}`"
        facts.append(("samples", count))
    elif not bench.host:
        facts.append(("samples", "`--iterations` (after `--warmup`)"))
    if bench.options:
        facts.append(("options", ", ".join(f"`{o}`" for o in bench.options)))
    kind = []
    if bench.raw:
        kind.append("raw: the interval does not start at a timestamp read, so no read overhead is subtracted")
    if bench.traced:
        kind.append("needs the kernel's trace hooks: runs in an instrumented image of its own")
    if bench.services:
        kind.append("needs optional kernel services (flags, timers): runs in the services image")
    if bench.host:
        kind.append("computed by the host from the built image, not run on the target")
    if kind:
        facts.append(("runs", "; ".join(kind)))
    rows = "\n".join(f"| {key} | {value} |" for key, value in facts)
    source = repo_root / bench.source
    comment = leading_comment(source) if source.suffix == ".c" and source.is_file() else []
    described = ""
    if comment:
        described = (f"## What it times and checks\n\nFrom the leading comment of `{bench.source}`:\n\n"
                     f"{as_quote(comment)}\n")
    return (f"# `{bench.name}`\n\n{bench.summary}\n\n| property | value |\n| --- | --- |\n{rows}\n\n{described}\n"
            f"{figures}Run it alone: `rtbench run --bench {bench.name}`. More of the catalogue's figures are in "
            f"[The catalogue](../guides/catalogue.md).\n")


def figures_section(bench: Any, rtbench: Any, runs: dict[str, Any], cells: list[Any],
                    pages_of_studies: dict[str, str]) -> str:
    """The benchmark's medians in the stored reference runs of the whole catalogue, and the studies
    whose criteria it measures."""
    figures = rtbench.reports.benchmark_figures
    parts = []
    table = figures.table(bench.name, runs, cells)
    if table:
        parts.append("## Figures\n\nThe median of each result in the stored reference runs that ran the whole "
                     "catalogue (`docs/reference/`; instructions on QEMU, cycles on the soft-core; a median split "
                     "in two groups shows both and the upper group's share, see "
                     "[Statistics](../concepts/statistics.md)):"
                     f"\n\n{table}\n")
    studies = figures.studies_using(bench.name)
    if studies:
        items = "\n".join(f"- [{title}](../{pages_of_studies.get(study_id, 'studies/index.md')}): "
                           + ", ".join(f"`{c}`" for c in criteria) for study_id, title, criteria in studies)
        parts.append(f"## In the studies\n\nThe studies' criteria it measures:\n\n{items}\n")
    return "\n".join(parts) + ("\n" if parts else "")


def study_pages() -> dict[str, str]:
    """Each study id's page under docs/, as its study.toml names it (rtbench/analysis/studies.py)."""
    from rtbench.analysis import studies

    return {study.id: study.page for study in studies.all_studies().values() if study.page}


def _heading(category: str) -> str:
    return category[:1].upper() + category[1:]


def benchmarks_index(groups: dict[str, list[Any]]) -> str:
    """The catalogue by category (the first word of a benchmark's name), each in running order."""
    sections = []
    for category, benches in groups.items():
        rows = "\n".join(f"| [`{b.name}`]({b.name}.md) | {b.summary} |" for b in benches)
        sections.append(f"## {_heading(category)}\n\n| benchmark | what it measures |\n| --- | --- |\n{rows}\n")
    return ("# Benchmarks\n\nThe catalogue by category, each in the order it runs: generated from the firmware's own "
            "registrations (`RTB_BENCHMARK` in `firmware/bench/*.c`), as `rtbench list` prints it.\n\n"
            + "\n".join(sections))


def _toml_value(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(f"`{v}`" for v in value)
    return f"`{value}`" if not isinstance(value, str) or " " not in value else value


def _is_plain(value: Any) -> bool:
    """A value one table cell can show: a scalar, or a list of scalars."""
    return not isinstance(value, dict) and not (isinstance(value, list) and any(isinstance(v, dict) for v in value))


def _settings(spec: dict[str, Any], prefix: str = "") -> tuple[list[tuple[str, Any]], list[str]]:
    """The settings one table shows (tables of plain values flattened to `table.key`), and the
    names of the sections it leaves out (lists of tables, deeper nesting)."""
    rows: list[tuple[str, Any]] = []
    left_out: list[str] = []
    for key, value in spec.items():
        name = prefix + key
        if _is_plain(value):
            rows.append((name, value))
        elif isinstance(value, dict) and not prefix:
            inner_rows, inner_left = _settings(value, f"{name}.")
            rows += inner_rows
            left_out += inner_left
        else:
            left_out.append(name)
    return rows, left_out


def described_page(kind: str, item: Any, file_name: str) -> str:
    """A target or kernel page: its summary and the settings of its description file."""
    folder = "targets" if kind == "Target" else "os"
    settings, left_out = _settings({k: v for k, v in item.spec.items() if k not in ("name", "summary")})
    rows = "\n".join(f"| `{key}` | {_toml_value(value)} |" for key, value in settings)
    extra = (f"\n\nMore in `{file_name}`: " + ", ".join(f"`{name}`" for name in left_out) + ".") if left_out else ""
    return (f"# {kind} `{item.name}`\n\n{item.summary}\n\nFrom `firmware/{folder}/{item.name}/{file_name}`:\n\n"
            f"| setting | value |\n| --- | --- |\n{rows}{extra}\n")


def described_index(title: str, items: list[Any], folder: str) -> str:
    rows = "\n".join(f"| [`{i.name}`]({i.name}.md) | {i.summary} |" for i in items)
    return f"# {title}\n\nGenerated from `firmware/{folder}/`.\n\n| name | summary |\n| --- | --- |\n{rows}\n"


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser, str]]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                found.append((name, sub, helps.get(name, "")))
    return found


def cli_examples(repo_root: Path) -> dict[str, dict[str, str]]:
    """docs/cli-examples.toml: per command, `run` (the arguments of a command the page runs on the
    reference runs) or `described` (a sentence about a command that measures)."""
    import tomllib

    return tomllib.loads((repo_root / "docs" / "cli-examples.toml").read_text(encoding="utf-8"))


def _example(name: str, example: dict[str, str]) -> str:
    if "run" in example:
        return ("**Example**, run on the stored reference runs when this page was built:\n\n"
                f"<!-- rtbench:command {example['run']} -->\n")
    if "described" in example:
        return f"**Example.** {example['described']}\n"
    raise ValueError(f"docs/cli-examples.toml: [{name}] has neither run nor described")


def cli_page(parser: argparse.ArgumentParser, examples: dict[str, dict[str, str]]) -> str:
    def wide(prog: str) -> argparse.HelpFormatter:
        return argparse.HelpFormatter(prog, width=_HELP_WIDTH)

    parser.formatter_class = wide
    parts = ["# Command-line reference\n\nGenerated from rtbench's own argument parser (`rtbench.cli.parser()`); "
             "`rtbench COMMAND --help` prints the same. Each command's example is either its output on the "
             "stored reference runs (docs/reference/), printed when the site was built, or, for a command that "
             "measures, a description of what it does (docs/cli-examples.toml).\n\n"
             "## rtbench\n\n```\n" + parser.format_help() + "```\n"]
    for name, sub, summary in _subcommands(parser):
        sub.formatter_class = wide
        parts.append(f"## rtbench {name}\n\n{summary}\n\n```\n{sub.format_help()}```\n\n"
                     + _example(name, examples.get(name, {})))
    return "\n".join(parts)


def generated_pages(config: MkDocsConfig) -> dict[str, str]:
    """Every generated page by its path under docs/, in the order the nav lists them."""
    rtbench = _import_rtbench(config)
    repo_root = Path(config.config_file_path).resolve().parent
    benches = rtbench.acquire.catalogue.scan()
    pages = {"benchmarks/index.md": benchmarks_index(rtbench.acquire.catalogue.by_category(benches))}
    reference = rtbench.reports.reference_runs
    cells = rtbench.reports.benchmark_figures.catalogue_cells()
    runs = {cell.name: reference.shared(cell.name) for cell in cells if cell.name in reference.names()}
    studies = study_pages()
    pages.update({f"benchmarks/{b.name}.md": benchmark_page(b, repo_root,
                                                            figures_section(b, rtbench, runs, cells, studies))
                  for b in benches})
    targets = rtbench.acquire.platforms.targets()
    kernels = rtbench.acquire.platforms.kernels()
    pages["targets/index.md"] = described_index("Targets", targets, "targets")
    pages.update({f"targets/{t.name}.md": described_page("Target", t, "target.toml") for t in targets})
    pages["kernels/index.md"] = described_index("Kernels", kernels, "os")
    pages.update({f"kernels/{k.name}.md": described_page("Kernel", k, "os.toml") for k in kernels})
    pages["cli.md"] = cli_page(rtbench.cli.parser(), cli_examples(repo_root))
    return pages


def _with_generated_pages(nav: list[Any], generated: list[str], groups: dict[str, list[str]]) -> None:
    """A nav section whose first entry is a generated folder's index.md lists the folder's pages;
    the benchmarks' pages under their categories (`groups`: category -> benchmark names)."""
    for entry in nav:
        children = next(iter(entry.values())) if isinstance(entry, dict) else None
        if not isinstance(children, list):
            continue
        first = children[0] if children else None
        if first == "benchmarks/index.md":
            children.extend({_heading(category): [f"benchmarks/{name}.md" for name in names]}
                            for category, names in groups.items())
        elif isinstance(first, str) and first.endswith("/index.md") and first in generated:
            folder = first.removesuffix("index.md")
            children.extend(uri for uri in generated if uri.startswith(folder) and uri != first)
        else:
            _with_generated_pages(children, generated, groups)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    if config.nav:
        catalogue = _import_rtbench(config).acquire.catalogue
        groups = {category: [b.name for b in benches]
                  for category, benches in catalogue.by_category(catalogue.scan()).items()}
        _with_generated_pages(config.nav, list(generated_pages(config)), groups)
    return config


def on_page_markdown(markdown: str, page: Any, config: MkDocsConfig, files: Files) -> str:
    del page, config, files  # on_config imported the checkout's rtbench
    from rtbench.reports import code_facts

    return code_facts.replace_markers(markdown) if "rtbench:count" in markdown or "rtbench:names" in markdown \
        else markdown


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for uri, content in generated_pages(config).items():
        files.append(File.generated(config, uri, content=content))
    return files
