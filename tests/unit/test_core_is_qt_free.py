"""The core never imports Qt: checked in a fresh interpreter."""

import subprocess
import sys


def test_importing_the_core_and_running_a_scan_loads_no_qt(tmp_path: object) -> None:
    code = (
        "import sys, neardup, neardup.cli\n"
        "import neardup.core.scan.pipeline, neardup.core.report.comparison, neardup.core.report.scan_report\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt'))]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
