# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: 2026 rtbench developers
"""`rtbench run`: build the image, run it, collect and check every result, store the run."""
from __future__ import annotations

import datetime
import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RtbenchError
from ..model import ModelCycles, Result, Run
from ..paths import Workspace
from . import (
    boards,
    catalogue,
    cycle_model,
    fault,
    footprint,
    interrupts,
    model_samples,
    platforms,
    run_options,
    runners,
    sources,
)
from .build import Build, build_image
from .manifest import make_manifest
from .platforms import Kernel, Target, default_kernel, find_kernel, find_target
from .protocol import Capture, Record
from .runners.console import Launch

DEFAULT_SILENCE = 30.0  # seconds without output before a guest counts as hung
COLD_DEFINE = "RTB_COLD_SAMPLE"  # the image keeps the cold first sample (firmware/core/src/run.c)
DEFAULT_TIMEOUT = 900.0  # seconds a run may take per hardware variant


@dataclass
class RunRequest:
    target: str = "qemu-m3"
    os: str | None = None  # None: the target's default kernel
    profile: str = "default"
    bench: str | None = None
    iterations: int = 1000
    warmup: int = 100
    options: dict[str, str] = field(default_factory=dict)
    kernel_src: Path | None = None
    opt_flags: str = "-O2"
    timeout: float | None = None  # None: the target's own (target.toml [run] timeout), else 900 s
    silence: float | None = None  # None: the target's own (target.toml [run] silence), else 30 s
    # Hardware variants of the target to run the image on (e.g. CPU variants), default: its own.
    variants: list[str] = field(default_factory=list)
    # Nominal clock for converting cycles to time in reports (recorded in the manifest).
    clock_hz: float | None = None
    # What the timestamps count when the target offers a choice (e.g. "instructions"); None: its unit.
    count: str | None = None
    load: str = "none"  # background load beside a host target: none, cpu or io
    # --target board: the board file, its serial port and the probe's GDB server (host:port).
    board: str | None = None
    serial: str | None = None
    gdb: str | None = None
    # Keep the first (cold) sample before the warm-up apart: an image of its own (RTB_COLD_SAMPLE).
    cold: bool = False
    # Count model cycles beside the instructions: a core's timing model and its parameters
    # ("cortex-m3", "cortex-m3,ws=2"; "" for the target's first core), or None for no model.
    cycles_model: str | None = None
    # One shard of a sharded run: of the selection, run only these benchmarks. The options are
    # checked against the whole selection and given to every shard alike.
    only: list[str] = field(default_factory=list)


def _check_host_settings(request: RunRequest, target: Target) -> None:
    if request.load != "none" and target.runner not in runners.LOAD_RUNNERS:
        raise RtbenchError(f"--load applies to targets that run on this machine or a Linux guest, not to "
                           f"{request.target} with this kernel",
                           "use --target linux, or --target qemu-a9 --os linux-rt")


def _expected_seconds(options: dict[str, str]) -> float:
    """How long a periodic run asked for takes (periods x period), so the watchdog waits for it."""
    try:
        return int(options.get("periods", "0")) * int(options.get("period_us", "10000")) / 1e6
    except ValueError:
        return 0.0


def _check_timeout_fits(request: RunRequest, selected: list[catalogue.BenchInfo]) -> None:
    """A --timeout shorter than the periodic run it bounds could only cut that run short."""
    expected = _expected_seconds(_guest_options(request, selected, False))
    if request.timeout is not None and request.timeout < expected:
        raise RtbenchError(f"--timeout {request.timeout:g} s is shorter than the periodic run it bounds "
                           f"({expected:g} s of periods, per hardware variant)",
                           f"give --timeout {math.ceil(expected * 1.5 + 60)} or more, or fewer periods")


def _guest_options(request: RunRequest, selected: list[catalogue.BenchInfo], everything: bool,
                   image_benches: list[catalogue.BenchInfo] | None = None) -> dict[str, str]:
    """The image's options. Its selection goes as `select` (the benchmarks to run) or as `skip`
    (the image's other benchmarks), whichever is shorter: the guest's options text is bounded
    (1024 bytes), and a list of the whole catalogue would soon not fit."""
    options = {"iterations": str(request.iterations), "warmup": str(request.warmup)}
    if not everything:
        wanted = {b.name for b in selected}
        select = ",".join(b.name for b in selected)
        skip = ",".join(b.name for b in image_benches or [] if b.name not in wanted)
        if image_benches is not None and len(skip) < len(select):
            if skip:
                options["skip"] = skip
        else:
            options["select"] = select
    options.update(request.options)
    return options


def _missing(selected: list[catalogue.BenchInfo], results: list[Result], unit: str, why: str) -> list[Result]:
    """Results for benchmarks the guest never reached, so nothing silently disappears."""
    seen = {r.bench for r in results}
    return [Result(bench=b.name, params={}, unit=unit, status="error", reason=f"not run: {why}")
            for b in selected if b.name not in seen]


def _find_target(request: RunRequest) -> Target:
    if request.target == "board":
        if not request.board:
            raise RtbenchError("--target board needs --board, --serial and --gdb",
                               "shipped boards: " + ", ".join(boards.known_boards()))
        return boards.board_target(request.board, request.serial, request.gdb)
    if request.board or request.serial or request.gdb:
        raise RtbenchError("--board, --serial and --gdb are for --target board", "add --target board")
    target = find_target(request.target)
    if target.runner == "board":
        raise RtbenchError(f"{target.name} holds a board family's drivers: it runs on a board",
                           f"--target board --board FILE (a board file whose firmware is {target.name!r}; "
                           f"shipped: {', '.join(boards.known_boards())})")
    return target


@dataclass
class _Plan:
    """A request checked against the target, the kernel and the catalogue, before any build."""

    target: Target
    kernel: Kernel
    everything: list[catalogue.BenchInfo]
    selected: list[catalogue.BenchInfo]
    variants: list[str]
    model: cycle_model.CycleModel | None = None


def prepare(request: RunRequest, probe: bool = True) -> _Plan:
    """Every usage error of a run, found before anything is built or run; then, unless `probe` is
    false, that a board's probe answers."""
    target = _find_target(request)
    kernel = find_kernel(request.os) if request.os else default_kernel(target)
    platforms.check_profile(kernel, request.profile)
    if target.runner != "board" and not kernel.runs_on(target):  # a board: checked below, by its family
        fitting = [t.name for t in platforms.targets() if kernel.runs_on(t)]
        raise RtbenchError(f"the {kernel.name} port does not support {target.name} ({target.arch})",
                           "it runs on: " + ", ".join(f"--target {name}" for name in fitting))
    target = platforms.for_kernel(target, kernel)
    if target.runner == "board":
        platforms.check_runs_on(kernel, target)  # before the probe is asked for
    run_options.check_counts(request.iterations, request.warmup)
    if request.timeout is not None:
        run_options.check_seconds(request.timeout, "--timeout")
    if request.silence is not None:
        run_options.check_seconds(request.silence, "--silence")
    run_options.compiler_words(request.opt_flags)
    _check_host_settings(request, target)
    everything = catalogue.scan()
    selected = catalogue.select(everything, request.bench)
    run_options.check_options(request.options, target, selected, everything)
    _check_timeout_fits(request, selected)
    variants = platforms.target_variants(target, request.variants)
    model = cycle_model.parse(request.cycles_model, target) if request.cycles_model is not None else None
    if target.runner == "board" and probe:  # last: a usage error comes before the board is asked
        boards.check_probe(target)
    if request.only:
        outside = sorted(set(request.only) - {b.name for b in selected})
        if outside:
            raise RtbenchError(f"a shard's benchmarks {', '.join(outside)} are not in the run's selection")
        selected = [b for b in selected if b.name in request.only]
    return _Plan(target, kernel, everything, selected, variants, model)


@dataclass
class _Image:
    """One image a run uses and the benchmarks it runs there: the plain image; for a kernel whose
    trace hooks some benchmarks need, an instrumented one; for a kernel whose optional services
    (event flags, software timers) cost the other benchmarks, one built with them. So the hooks
    and the services cost no other benchmark anything."""

    build: Build
    benches: list[catalogue.BenchInfo]
    options: dict[str, str]
    kind: str = "plain"  # plain, instrumented or services


def _build_images(request: RunRequest, plan: _Plan, source: sources.KernelSource, workspace: Workspace,
                  progress: Callable[[str], None]) -> list[_Image]:
    target, kernel = plan.target, plan.kernel
    defines = (*platforms.counter_defines(target, request.count, plan.variants),
               *platforms.cpu_defines(target, plan.variants))
    if request.cold:
        defines = (*defines, COLD_DEFINE)
    on_target = [b for b in plan.selected if not b.host]
    trace_define = kernel.spec.get("trace_define")
    services_define = kernel.spec.get("services_define")
    traced = [b for b in on_target if b.traced and trace_define]
    serviced = [b for b in on_target if b.services and services_define and b not in traced]
    plain = [b for b in on_target if b not in traced and b not in serviced]
    # The plain image also serves the host's own benchmarks (footprint reads its map).
    needs_plain = bool(plain) or not (traced or serviced) or any(b.host for b in plan.selected)
    groups = [(plain, defines, "plain")] if needs_plain else []
    if traced:
        groups.append((traced, (*defines, str(trace_define)), "instrumented"))
    if serviced:
        groups.append((serviced, (*defines, str(services_define)), "services"))
    every = [b for b in plan.everything if not b.host]
    images = []
    for benches, image_defines, kind in groups:
        build = build_image(target, kernel, request.profile, source, workspace, request.opt_flags, progress,
                            image_defines)
        what = f" ({kind}: " + ", ".join(b.name for b in benches) + ")" if kind != "plain" else ""
        progress(f"build   {target.name}/{kernel.name}/{request.profile}{what} in {build.seconds:.1f} s")
        # When the whole catalogue runs, an image whose benchmarks lead it runs without a
        # benchmark list, as the whole catalogue in one image does: the list costs the guest a
        # search before each benchmark, which would move every later one's tick phase. What it
        # runs beyond its share (benchmarks that other images serve, all after them) is dropped.
        options = _guest_options(request, benches, on_target == every and benches == every[:len(benches)], every)
        images.append(_Image(build, benches, options, kind))
    return images


def _order(results: list[Result], everything: list[catalogue.BenchInfo]) -> list[Result]:
    """Results of several images in catalogue order (a benchmark's own results keep theirs)."""
    rank = {b.name: i for i, b in enumerate(everything)}
    return sorted(results, key=lambda r: rank.get(r.bench, len(rank)))


def run_timeout(request: RunRequest, target: Target | None = None) -> float:
    """Seconds one hardware variant's run may take: the request's, else the target's own (a
    simulated SoC needs far longer than QEMU for the whole catalogue), else DEFAULT_TIMEOUT."""
    if request.timeout is not None:
        return request.timeout
    target = target or _find_target(request)
    return float(target.spec.get("run", {}).get("timeout", DEFAULT_TIMEOUT))


@dataclass
class _Measured:
    """What a run has measured so far: the results, the first image's capture, and the stop
    signal that ended it early (the rest is then recorded as not run)."""

    results: list[Result] = field(default_factory=list)
    capture: Capture | None = None
    interrupted: BaseException | None = None


def execute(request: RunRequest, workspace: Workspace, progress: Callable[[str], None]) -> Run:
    """Builds and runs the image(s). An interrupt (Ctrl-C, SIGTERM) once measuring has begun
    ends the run early: what finished is returned, the manifest says `interrupted`."""
    plan = prepare(request)
    source = sources.locate(plan.kernel, request.kernel_src)
    progress(f"kernel  {plan.kernel.name} {source.version} from {source.origin}")
    images = _build_images(request, plan, source, workspace, progress)
    settings: dict[str, object] = {"iterations": request.iterations, "warmup": request.warmup,
                                   "options": dict(request.options), "benches": [b.name for b in plan.selected]}
    measured = _Measured()
    runnable = [image for image in images if image.benches]
    if runnable:
        settings["guest_options"] = runnable[0].options
        settings.update(_measure_variants(runnable, plan, request, workspace, progress, measured))
    for image in images:
        if image.kind != "plain":
            settings[image.kind] = {"benches": [b.name for b in image.benches],
                                    "defines": list(image.build.defines), "image": str(image.build.elf)}
    # From here on the measurements exist: finish the run before taking a stop signal.
    with interrupts.deferred() as received:
        run = _finish(request, plan, source, images[0].build, measured.capture, settings,
                      _order(measured.results, plan.everything))
    if measured.interrupted is not None or received:
        run.manifest["interrupted"] = (interrupts.signal_name(measured.interrupted) if measured.interrupted
                                       else "SIGINT")
    run.manifest["images"] = [{"kind": image.kind, "elf": str(image.build.elf), "sha256": image.build.elf_sha256,
                               "defines": list(image.build.defines), "benches": [b.name for b in image.benches]}
                              for image in images]
    return run


def _measure_variants(runnable: list[_Image], plan: _Plan, request: RunRequest, workspace: Workspace,
                      progress: Callable[[str], None], measured: _Measured) -> dict[str, object]:
    """Every image on every hardware variant (or once, on a target without variants); the
    target settings they reported, per variant when there are several."""
    settings: dict[str, object] = {}
    per_variant: dict[str, dict[str, object]] = {}
    choices: list[str | None] = list(plan.variants) or [None]
    for variant in choices:
        variant_settings: dict[str, object] = {}
        for image in runnable:
            run_settings = _run_image(image, variant, plan, request, workspace, progress, measured)
            if image.kind != "plain":
                variant_settings[f"{image.kind}_image"] = run_settings
            else:
                variant_settings.update(run_settings)
        if variant is None:
            settings.update(variant_settings)
        else:
            per_variant[variant] = variant_settings
    if plan.variants:
        settings["variants"] = per_variant
        if len(plan.variants) == 1:
            settings.update(per_variant[plan.variants[0]])
    return settings


def _run_image(image: _Image, variant: str | None, plan: _Plan, request: RunRequest, workspace: Workspace,
               progress: Callable[[str], None], measured: _Measured) -> dict[str, object]:
    """One image on one variant: its results join `measured`, its target settings are returned.
    After a stop signal, or when it cannot run once something was measured, its benchmarks are
    recorded as not run (with why) instead of losing what the others measured."""
    target = plan.target
    unit = str(target.spec.get("unit", "raw"))
    run_settings: dict[str, object]
    if measured.interrupted is not None:
        found = _missing(image.benches, [], unit, f"the run was {interrupted_text(measured.interrupted)} first")
        run_settings = {"error": "interrupted before it ran"}
    else:
        try:
            found, capture, run_settings, measured.interrupted = _run_on_target(
                target, image.build, image.options, image.benches, variant, request, workspace, progress, plan.model)
            measured.capture = measured.capture or capture
        except KeyboardInterrupt as err:
            if not measured.results:
                raise  # nothing measured yet: there is nothing to keep
            measured.interrupted = err
            found = _missing(image.benches, [], unit, f"the run was {interrupted_text(err)}")
            run_settings = {"error": "interrupted"}
        except RtbenchError as err:
            if not measured.results:
                raise
            # A variant or image that cannot run (its model failed to build) keeps what was measured.
            progress(f"error   {variant or target.name}: {err}")
            found = _missing(image.benches, [], unit, f"the {variant} variant could not run: {err}")
            run_settings = {"error": str(err)}
    if len(plan.variants) > 1:
        for result in found:
            result.params = {**result.params, platforms.variant_option(target): variant}
    for result in found:
        result.image = image.build.elf_sha256
    measured.results.extend(found)
    return run_settings


def interrupted_text(err: BaseException) -> str:
    return f"interrupted ({interrupts.signal_name(err)})"


def _finish(request: RunRequest, plan: _Plan, source: sources.KernelSource, build: Build, capture: Capture | None,
            settings: dict[str, object], results: list[Result]) -> Run:
    """The run's host-computed results (footprint) and its manifest."""
    target, kernel = plan.target, plan.kernel
    breakdown = None
    if any(b.name == "footprint" for b in plan.selected):
        outside = (f"the {kernel.name} port's kernel is not part of the image (the machine's own, or a guest "
                   "kernel booted beside it)" if source.path is None else None)
        footprint_results, breakdown = footprint.footprint_results(build.map_file, outside)
        for result in footprint_results:
            result.image = build.elf_sha256  # read from this image's map
        results.extend(footprint_results)
    manifest = make_manifest(target=target, kernel=kernel, profile=request.profile, source=source, build=build,
                             emulator=runners.describe(target), capture=capture, settings=settings)
    if plan.model is not None:
        manifest["cycle_model"] = plan.model.manifest()
    if breakdown is not None:
        manifest["footprint"] = breakdown
    if plan.variants:
        manifest["target_settings"].update(platforms.describe_variants(target, plan.variants))
    if request.clock_hz:
        manifest["clock_hz"] = request.clock_hz
    return Run(manifest=manifest, results=results)


def _time_left(started: float, done: int, total: int) -> str:
    """'  [3/57, about 2 min left]' from the pace so far (on a terminal only: logs need no guess)."""
    if not 0 < done < total:
        return f"  [{done}/{total}]" if done else ""
    seconds = (time.monotonic() - started) / done * (total - done)
    pace = f"{seconds / 60:.0f} min" if seconds >= 90 else f"{seconds:.0f} s"
    return f"  [{done}/{total}, about {pace} left]"


def _kernel_args(request: RunRequest, target: Target) -> str:
    """Words the kernel's profile adds to a guest kernel's command line (os.toml profile_kernel_args)."""
    kernel = find_kernel(request.os) if request.os else default_kernel(target)
    return str(kernel.spec.get("profile_kernel_args", {}).get(request.profile, ""))


def _run_on_target(target: Target, build: Build, options: dict[str, str], on_target: list[catalogue.BenchInfo],
                   variant: str | None, request: RunRequest, workspace: Workspace,
                   progress: Callable[[str], None], model: cycle_model.CycleModel | None = None
                   ) -> tuple[list[Result], Capture, dict[str, object], BaseException | None]:
    """One run of the image (on one hardware variant): its results, capture, run settings and
    the interrupt that cut it short, if one did."""
    running = {"label": ""}
    prefix = f"[{variant}] " if variant else ""
    # An image may run more than its share (see _build_images): the rest is not reported.
    wanted = {b.name for b in on_target}
    finished: set[str] = set()
    started = time.monotonic()

    def on_record(record: Record) -> None:
        if record.rtype == "BEGIN":
            param = record.fields.get("param", "-")
            bench = record.fields.get("bench", "?")
            running["label"] = bench + (f" {param}={record.fields.get('value')}" if param != "-" else "") \
                if bench in wanted else ""
        elif record.rtype == "END" and running["label"]:
            finished.add(record.fields.get("bench", "?"))
            left = _time_left(started, len(finished), len(wanted)) if sys.stderr.isatty() else ""
            progress(f"run     {prefix}{running['label']:<28} {record.fields.get('status', '?')}{left}")

    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")  # runs can start within one second
    suffix = f"-{variant}" if variant else ""
    # The process id too: a sharded run's shards start the same image at the same time.
    log_path = workspace.logs / f"{stamp}-{os.getpid()}-{target.name}-{build.directory.name}{suffix}.log"
    silence = request.silence if request.silence is not None else float(
        target.spec.get("run", {}).get("silence", DEFAULT_SILENCE))
    # A long periodic run prints nothing until it ends: the watchdog must wait for it.
    expected = _expected_seconds(options)
    silence = max(silence, expected * 1.2 + silence)
    # The user's --timeout is kept as given (a shorter one than the run's periods is refused in
    # prepare); a target's default grows with a long periodic run.
    timeout = request.timeout if request.timeout is not None else max(run_timeout(request, target),
                                                                       expected * 1.5 + 60)
    plugin: list[str] = []
    model_log = None
    if model is not None:
        plugin, model_log = cycle_model.qemu_arguments(model, target, build, workspace.logs, log_path.stem)
    launch = Launch(log_path=log_path, timeout=timeout, silence=silence, on_record=on_record, load=request.load,
                    variant=variant, models_dir=workspace.root / "models", progress=progress,
                    workspace=workspace.root,
                    kernel_args=_kernel_args(request, target), emulator_args=tuple(plugin))
    outcome = runners.runner_for(target)(target, build, options, launch)
    capture = outcome.capture
    model_totals = _model_cycles(model, model_log, capture, str(target.spec.get("unit", "raw")))
    if capture.fault:
        described = fault.describe_fault(capture.fault, build.elf, target.spec.get("addr2line"))
        for result in capture.results:
            if result.bench == capture.fault.get("bench") and result.status == "error":
                result.reason = f"guest fault: {described}"
        capture.errors.append(f"guest fault: {described}")
    results = [r for r in capture.results if r.bench in wanted]
    unit = capture.hello.get("unit", str(target.spec.get("unit", "raw")))
    if capture.fault:
        why = f"the guest faulted in {capture.fault.get('bench', 'its start-up')}"
    else:
        why = outcome.end_reason or (capture.errors[0] if capture.errors else "the guest stopped early")
    results.extend(_missing(on_target, results, unit, why))
    run_settings: dict[str, object] = {"guest_options": dict(options), "load": request.load,
                                       "exit_status": outcome.exit_status,
                                       "seconds": round(outcome.seconds, 3), "console_log": str(outcome.log_path),
                                       "command": outcome.command, **outcome.details}
    if "target.soc" in capture.meta:
        run_settings["soc"] = capture.meta["target.soc"]
    if model_totals:
        run_settings["cycle_model"] = model_totals
    return results, capture, run_settings, outcome.interrupted


def _model_cycles(model: cycle_model.CycleModel | None, log: Path | None, capture: Capture,
                  unit: str) -> dict[str, int]:
    """Every result of the run's stream in model cycles too (model_samples); the model's totals
    (instructions, cycles, exception entries, returns, tail-chains) for the manifest. The plugin's
    log, large, goes once read."""
    if model is None or log is None:
        return {}
    if not log.is_file():
        for result in capture.results:
            result.model = ModelCycles(model.unit, reason="the timing model wrote no log: the run stopped early")
        return {}
    try:
        found = model_samples.read_log(log)
    except RtbenchError as err:  # the instruction counts stand without it
        for result in capture.results:
            result.model = ModelCycles(model.unit, reason=str(err))
        return {}
    model_samples.attach(capture.results, found, model.unit, unit)
    log.unlink()
    return found.totals


def build_all(request: RunRequest, workspace: Workspace, progress: Callable[[str], None]) -> None:
    """Builds every image a run of `request` uses, as `execute` does, and runs none: a sharded
    run's shards then find them built instead of each waiting for the first to build them."""
    plan = prepare(request)
    source = sources.locate(plan.kernel, request.kernel_src)
    progress(f"kernel  {plan.kernel.name} {source.version} from {source.origin}")
    _build_images(request, plan, source, workspace, progress)


def image_for(request: RunRequest, bench: str, workspace: Workspace,
              progress: Callable[[str], None]) -> tuple[Target, Build, dict[str, str]]:
    """The built image that runs `bench` for this request (as `execute` builds it, up to date when
    it ran before) and the options the guest gets: what a traced run of that one benchmark needs."""
    plan = prepare(request)
    source = sources.locate(plan.kernel, request.kernel_src)
    for image in _build_images(request, plan, source, workspace, progress):
        if any(b.name == bench for b in image.benches):
            return plan.target, image.build, image.options
    raise RtbenchError(f"{bench} does not run on {plan.target.name}'s image (a host-side benchmark?)",
                       "choose a benchmark the image measures")
