"""The line atop the results: what a scan found and left out, in the GUI's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate


@dataclass(frozen=True, slots=True)
class Summary:
    documents: int  # scanned ones; a reference library's apart (the Documents tab hides them)
    library: int
    groups: int
    pairs: int
    problems: int  # files that could not be used, not counting those never read
    elapsed: float | None
    cancelled: bool
    # Scanned documents with any text found in another; None when the report predates the figure.
    found_elsewhere: int | None = None
    not_scanned: int = 0  # files a cancelled scan never read
    skipped: int = 0  # files of other types found in the folders, left out
    skipped_types: tuple[tuple[str, int], ...] = ()  # by suffix, commonest first ("": none)

    def text(self) -> str:
        """One line for the top of the results, in the GUI's language."""
        parts = [translate("Summary", "{count} documents scanned").format(count=self.documents)]
        if self.library:
            parts.append(
                translate("Summary", "{count} library documents").format(count=self.library)
            )
        if self.found_elsewhere is not None:
            parts.append(
                translate("Summary", "{count} with text found elsewhere").format(
                    count=self.found_elsewhere
                )
            )
        parts += [
            translate("Summary", "{count} groups").format(count=self.groups),
            translate("Summary", "{count} pairs").format(count=self.pairs),
            translate("Summary", "{count} problems").format(count=self.problems),
        ]
        if self.not_scanned:
            parts.append(translate("Summary", "{count} not scanned").format(count=self.not_scanned))
        if self.skipped and self.skipped_types:
            parts.append(
                translate("Summary", "{count} of other types skipped ({types})").format(
                    count=self.skipped, types=self._types()
                )
            )
        elif self.skipped:  # a report from before the types were given
            parts.append(
                translate("Summary", "{count} of other types skipped").format(count=self.skipped)
            )
        if self.elapsed is not None:
            seconds = f"{self.elapsed:.2f}" if self.elapsed < 10 else f"{self.elapsed:.0f}"
            parts.append(translate("Summary", "{seconds} s").format(seconds=seconds))
        line = " · ".join(parts)
        if self.cancelled:
            return translate("Summary", "Cancelled, partial results: {line}").format(line=line)
        return line

    def _types(self, shown: int = 3) -> str:
        """The commonest types skipped (".odt 10, .doc 2, …"), so that a folder of .odt
        files is not mistaken for an empty one."""
        no_suffix = translate("Summary", "no extension")
        named = [f"{suffix or no_suffix} {count}" for suffix, count in self.skipped_types[:shown]]
        return ", ".join(named) + (", …" if len(self.skipped_types) > shown else "")


def skipped_types(value: Any) -> tuple[tuple[str, int], ...]:
    """The report's skipped files by suffix; nothing for an older report or a damaged one."""
    if not isinstance(value, dict):
        return ()
    counts = ((str(suffix), count) for suffix, count in value.items())
    return tuple((suffix, count) for suffix, count in counts if type(count) is int and count > 0)
