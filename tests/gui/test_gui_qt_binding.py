"""The installed Qt binding: a reference-counting defect that would crash a long session."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QLabel

CALLS = 2000


def test_qt_calls_returning_nothing_keep_none_alive(qapp: QApplication) -> None:
    # PySide6 6.12.0 drops a reference to None on every call returning nothing. On Python
    # 3.11 None is reference counted, so a few thousand clicks later the app aborts with
    # "deallocating None". (From 3.12 None is immortal and the count does not move.)
    label = QLabel()
    before = sys.getrefcount(None)
    for _ in range(CALLS):
        label.setText("x")
    lost = before - sys.getrefcount(None)
    assert lost < CALLS // 10, f"{lost} references to None lost in {CALLS} Qt calls"
