"""Loading verification's compiled loops leaves SciPy alone: numba's BLAS probe is made with
``scipy.linalg`` held back, and every process can still import it afterwards.

Each case runs in a fresh interpreter, since numba's numpy support is loaded once a process.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

LOAD_AND_REPORT = """
import sys
from neardup.core.passages.packed import warm_up
warm_up()
import numba.np.arraymath as support
print(repr(sys.modules.get("scipy.linalg", "absent")) == "None", support._HAVE_BLAS,
      "scipy.linalg" in sys.modules)
"""


def run_python(code: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.split()


def test_the_load_leaves_no_block_behind_and_skips_the_blas_probe() -> None:
    left_none, has_blas, imported = run_python(LOAD_AND_REPORT)
    assert left_none == "False"  # no None entry stays in sys.modules
    assert has_blas == "False"  # numba's own loops, SciPy's BLAS never looked for
    assert imported == "False"


@pytest.mark.skipif(importlib.util.find_spec("scipy") is None, reason="SciPy is not installed")
def test_scipy_is_importable_after_the_load() -> None:
    code = LOAD_AND_REPORT + "import scipy.linalg\nprint(scipy.linalg.__name__)\n"
    assert run_python(code)[-1] == "scipy.linalg"


def test_a_process_that_loaded_scipy_first_keeps_its_blas() -> None:
    if importlib.util.find_spec("scipy") is None:
        pytest.skip("SciPy is not installed")
    code = "import scipy.linalg\n" + LOAD_AND_REPORT
    _, has_blas, imported = run_python(code)
    assert (has_blas, imported) == ("True", "True")
