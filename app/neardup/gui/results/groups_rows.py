"""What the Groups tab shows of a group or a member: its texts, its tags and its sort keys."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP

from neardup.gui.formatting import human_size, modified_text, percent
from neardup.gui.report_data import DUPLICATE_KIND, NEAR_DUPLICATE_KIND, GroupRow, MemberRow

# Kind is last in the model (tests and saved layouts know the others by number); the view
# shows it second.
COLUMNS = (
    QT_TRANSLATE_NOOP("Column", "Name"),
    QT_TRANSLATE_NOOP("Column", "Folder"),
    QT_TRANSLATE_NOOP("Column", "Distance"),
    QT_TRANSLATE_NOOP("Column", "Overlap"),
    QT_TRANSLATE_NOOP("Column", "Size"),
    QT_TRANSLATE_NOOP("Column", "Modified"),
    QT_TRANSLATE_NOOP("Column", "Format"),
    QT_TRANSLATE_NOOP("Column", "Kind"),
)
KIND_COLUMN = 7
MIXED_KIND = "mixed"
KIND_TIPS = {
    DUPLICATE_KIND: "Duplicate: the same text as the reference, an exact copy.",
    NEAR_DUPLICATE_KIND: "Near-duplicate: an edited version of the reference, not an exact copy.",
    MIXED_KIND: "Some members are exact copies of the reference, some are edited versions.",
}
NUMERIC_COLUMNS = {2, 3, 4}
REFERENCE_TAG = "reference"
IN_TRASH_TAG = "in Trash"
MOVED_TAG = "moved to"


def member_texts(member: MemberRow, away: str) -> tuple[str, ...]:
    """The member's cells; ``away`` says where tidying moved it ("" while it is in place)."""
    doc = member.document
    tags = [REFERENCE_TAG] if member.is_reference else []
    if doc.role == "library":
        tags.append("library")
    if away:
        tags.append(away)
    name = doc.name + (f"  [{', '.join(tags)}]" if tags else "")
    return (
        name,
        doc.folder,
        "" if member.is_reference else str(member.distance),
        "" if member.is_reference else percent(member.overlap),
        human_size(doc.size),
        modified_text(doc.modified_ns),
        doc.format,
        member.kind,
    )


def group_kind(group: GroupRow) -> str:
    kinds = {m.kind for m in group.members if not m.is_reference}
    return kinds.pop() if len(kinds) == 1 else MIXED_KIND


def group_texts(group: GroupRow, in_trash: int, marked: int) -> tuple[str, ...]:
    reference = next((m for m in group.members if m.is_reference), None)
    name = reference.document.name if reference else group.reference
    folder = reference.document.folder if reference else ""
    trashed = f", {in_trash} {IN_TRASH_TAG}" if in_trash else ""
    marks = f", {marked} marked" if marked else ""
    return (
        f"Group {group.id}: {name} ({len(group.members)} files{trashed}{marks})",
        folder,
        "",
        "",
        human_size(group.total_size),
        "",
        "",
        group_kind(group),
    )


MEMBER_KEYS: tuple[Callable[[MemberRow], object], ...] = (
    lambda m: m.document.name.casefold(),
    lambda m: m.document.folder.casefold(),
    lambda m: m.distance,
    lambda m: m.overlap,
    lambda m: m.document.size,
    lambda m: m.document.modified_ns,
    lambda m: m.document.format,
    lambda m: m.kind,
)


def group_key(group: GroupRow, column: int) -> object:
    if column == 0:
        return group.id
    if column == 4:
        return group.total_size
    if column == KIND_COLUMN:
        return group_kind(group)
    reference = next((m for m in group.members if m.is_reference), group.members[0])
    return MEMBER_KEYS[column](reference)
