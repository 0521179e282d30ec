"""Run the real command line in a child process, as a person or a script would."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "neardup", *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
