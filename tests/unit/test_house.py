"""The house's rules: stages import downwards and through each other's faces, modules
stay small and say their role, and the import-linter contract catches an upward import."""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "app" / "neardup"
CORE = PACKAGE / "core"
STAGES = ("extract", "features", "match", "passages", "store", "report", "scan", "library")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _dotted(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _lint_imports(package_parent: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        capture_output=True,
        text=True,
        env=env,
        cwd=package_parent,
        check=False,
    )


def test_import_contract_is_kept() -> None:
    found = _lint_imports(PACKAGE.parent)
    assert found.returncode == 0, found.stdout + found.stderr
    assert "2 kept, 0 broken" in found.stdout


@pytest.mark.parametrize(
    ("module", "upward_import"),
    [
        ("core/extract/base.py", "from neardup.core.scan import pipeline"),
        ("core/features/text.py", "from neardup.core.match import groups"),
        ("core/store/cache.py", "import neardup.gui.app"),
    ],
)
def test_import_contract_breaks_on_an_upward_import(
    tmp_path: Path, module: str, upward_import: str
) -> None:
    copy = tmp_path / "neardup"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / module
    target.write_text(target.read_text() + f"\n{upward_import}  # noqa\n")
    found = _lint_imports(tmp_path)
    assert found.returncode != 0
    assert "BROKEN" in found.stdout
    assert module.removesuffix(".py").replace("/", ".") in found.stdout


def _imports_of(path: Path) -> list[str]:
    imported: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported.append(node.module)
        elif isinstance(node, ast.Import):
            imported.extend(alias.name for alias in node.names)
    return imported


def test_other_stages_and_front_ends_import_a_stage_through_its_face() -> None:
    deep = []
    for path in _modules(PACKAGE):
        importer = _dotted(path)
        for imported in _imports_of(path):
            parts = imported.split(".")
            if parts[:2] != ["neardup", "core"] or len(parts) < 4 or parts[2] not in STAGES:
                continue
            stage = ".".join(parts[:3])
            if parts[2] == "extract" or importer == stage or importer.startswith(stage + "."):
                continue  # extract's face is its __init__ with its own submodules behind it
            deep.append(f"{importer} imports {imported}")
    assert deep == []


@pytest.mark.parametrize("stage", [s for s in STAGES if s != "extract"])
def test_each_face_names_what_its_modules_define(stage: str) -> None:
    face = importlib.import_module(f"neardup.core.{stage}")
    assert face.__doc__ and face.__doc__.strip()
    for name in face.__all__:
        value = getattr(face, name)
        assert not isinstance(value, type(face)), f"{stage}.{name} is a module"
        if inspect.isfunction(value) or inspect.isclass(value):
            assert value.__module__.startswith(face.__name__ + "."), f"{stage}.{name}"
    assert set(face.__all__) <= set(dir(face))
    with pytest.raises(AttributeError):
        _ = face.no_such_name


def test_modules_are_small_and_say_their_role() -> None:
    too_long = {}
    undocumented = []
    for path in _modules(PACKAGE):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > 450:
            too_long[_dotted(path)] = lines
        if path.stat().st_size and not ast.get_docstring(ast.parse(path.read_text("utf-8"))):
            undocumented.append(_dotted(path))
    assert too_long == {}
    assert undocumented == []


def test_the_core_top_level_holds_records_and_stages_only() -> None:
    top_modules = sorted(p.name for p in CORE.glob("*.py") if p.name != "__init__.py")
    assert len(top_modules) <= 4, top_modules
    stages = sorted(p.name for p in CORE.iterdir() if (p / "__init__.py").is_file())
    assert stages == sorted(STAGES)


def _compiled_functions(tree: ast.Module) -> set[str]:
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(isinstance(d, ast.Name) and d.id == "compiled" for d in node.decorator_list)
    }


def test_the_frozen_build_keeps_the_source_of_every_compiled_loop() -> None:
    """numba caches a compiled function beside its source file, so the spec must collect
    each module with one as source too, or the bundle would compile it on every run."""
    modules = {_dotted(p): ast.parse(p.read_text("utf-8")) for p in _modules(PACKAGE)}
    with_loops = sorted(name for name, tree in modules.items() if _compiled_functions(tree))
    spec = (ROOT / "packaging" / "neardup.spec").read_text("utf-8")
    assert len(with_loops) >= 2
    assert [name for name in with_loops if f'"{name}": "pyz+py"' not in spec] == []


def test_compiled_loops_name_the_content_of_every_file_compiled_into_them() -> None:
    """numba checks a cached function against its own file only: a compiled function that
    called one from another file, or read its constants, would run a stale copy of them
    after that file changed, unless its own file changes with that one: it names the
    SHA-256 of each such file in ``COMPILED_FROM`` (``core.passages.kernels``; refreshed by
    ``scripts/compiled_digests.py``)."""
    modules = {_dotted(p): ast.parse(p.read_text("utf-8")) for p in _modules(PACKAGE)}
    compiled = {name for name, tree in modules.items() if _compiled_functions(tree)}
    assert compiled
    unnamed, stale = [], []
    for name in sorted(compiled):
        read = set()
        for node in ast.walk(modules[name]):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            if node.module in modules:  # from package.module import name
                read.add(node.module)
            read |= {  # from package import module
                f"{node.module}.{alias.name}"
                for alias in node.names
                if f"{node.module}.{alias.name}" in modules
            }
        read -= {name, "neardup.core.passages.compiled"}  # the decorator compiles nothing in
        named = getattr(importlib.import_module(name), "COMPILED_FROM", {})
        for module in sorted(read):
            file_name = module.rsplit(".", 1)[1] + ".py"
            if module.rsplit(".", 1)[0] != name.rsplit(".", 1)[0] or file_name not in named:
                unnamed.append(f"{name} compiles in {module}")
                continue
            text = (PACKAGE.parent / (module.replace(".", "/") + ".py")).read_text("utf-8")
            digest = hashlib.sha256(text.replace("\r\n", "\n").encode()).hexdigest()
            if named[file_name] != digest:
                stale.append(f"{file_name} changed: run scripts/compiled_digests.py")
    assert unnamed == []
    assert stale == []
