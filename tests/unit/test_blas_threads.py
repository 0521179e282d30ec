"""numpy's BLAS keeps to one thread in NearDup's processes, and a person's own setting stands.

Each case runs in a fresh interpreter: the setting must be made before numpy loads.
"""

from __future__ import annotations

import os
import subprocess
import sys

# The fork server's first import; then what it and its workers run with.
SERVER = """
import os
import neardup.core.scan.worker_preload
import numpy
threads = [line.split()[1] for line in open("/proc/self/status") if line.startswith("Threads")]
print(os.environ["OPENBLAS_NUM_THREADS"], threads[0] if threads else "1")
"""


def run_python(code: str, **env: str) -> list[str]:
    environment = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**environment, **env},
    )
    return done.stdout.split()


def test_the_workers_server_loads_numpy_with_one_blas_thread() -> None:
    setting, threads = run_python(SERVER)
    assert setting == "1"
    if sys.platform.startswith("linux"):
        assert threads == "1"  # no pool of OpenBLAS threads beside the interpreter's own


def test_a_setting_made_by_the_person_is_kept() -> None:
    setting, _ = run_python(SERVER, OPENBLAS_NUM_THREADS="2")
    assert setting == "2"


def test_the_command_line_sets_it_before_anything_loads_numpy() -> None:
    code = (
        "import os, sys\nfrom neardup.cli import main\n"
        "assert 'numpy' not in sys.modules\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
        "print(os.environ['OPENBLAS_NUM_THREADS'])\n"
    )
    assert run_python(code)[-1] == "1"
