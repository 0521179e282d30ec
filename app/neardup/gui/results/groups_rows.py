"""What the Groups tab shows of a group or a member: its texts, its tags and its sort keys."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from neardup.gui.formatting import count_text, human_size, kind_text, modified_text, percent
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
OTHER_FORMAT_TIP = QT_TRANSLATE_NOOP(
    "GroupsModel",
    "Duplicate: the same text as the reference, in another format; tidying moves it only as "
    "it moves an edited version, when ticked.",
)
KIND_TIPS: dict[str, object] = {
    DUPLICATE_KIND: QT_TRANSLATE_NOOP(
        "GroupsModel", "Duplicate: the same text as the reference, an exact copy."
    ),
    NEAR_DUPLICATE_KIND: QT_TRANSLATE_NOOP(
        "GroupsModel", "Near-duplicate: an edited version of the reference, not an exact copy."
    ),
    MIXED_KIND: QT_TRANSLATE_NOOP(
        "GroupsModel", "Some members are exact copies of the reference, some are edited versions."
    ),
}
NUMERIC_COLUMNS = {2, 3, 4}
# Tags after a name, in English here and translated where they are shown (`tag`).
REFERENCE_TAG = QT_TRANSLATE_NOOP("GroupsModel", "reference")
LIBRARY_TAG = QT_TRANSLATE_NOOP("GroupsModel", "library")
IN_TRASH_TAG = QT_TRANSLATE_NOOP("GroupsModel", "in Trash")
MOVED_TAG = QT_TRANSLATE_NOOP("GroupsModel", "moved to")


translate = QCoreApplication.translate


def tag_text(tag: object) -> str:
    """A tag or tip marked above, in the GUI's language."""
    return translate("GroupsModel", str(tag))


def kind_tip(kind: str, other_format: bool = False) -> str | None:
    """What a kind means; for a duplicate in another format than its reference, that too."""
    tip = OTHER_FORMAT_TIP if other_format and kind == DUPLICATE_KIND else KIND_TIPS.get(kind)
    return None if tip is None else tag_text(tip)


def member_texts(member: MemberRow, away: str) -> tuple[str, ...]:
    """The member's cells; ``away`` says where tidying moved it ("" while it is in place)."""
    doc = member.document
    tags = [tag_text(REFERENCE_TAG)] if member.is_reference else []
    if doc.role == "library":
        tags.append(tag_text(LIBRARY_TAG))
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
        kind_text(member.kind) if member.kind else "",
    )


def group_kind(group: GroupRow) -> str:
    kinds = {m.kind for m in group.members if not m.is_reference}
    return kinds.pop() if len(kinds) == 1 else MIXED_KIND


def group_texts(group: GroupRow, in_trash: int, marked: int) -> tuple[str, ...]:
    reference = next((m for m in group.members if m.is_reference), None)
    name = reference.document.name if reference else group.reference
    folder = reference.document.folder if reference else ""
    counts = [
        count_text(
            len(group.members),
            translate("GroupsModel", "{count} file"),
            translate("GroupsModel", "{count} files"),
        )
    ]
    if in_trash:
        counts.append(f"{in_trash} {tag_text(IN_TRASH_TAG)}")
    if marked:
        counts.append(translate("GroupsModel", "{count} marked").format(count=marked))
    title = translate("GroupsModel", "Group {id}: {name} ({counts})").format(
        id=group.id, name=name, counts=translate("GroupsModel", ", ").join(counts)
    )
    return (
        title,
        folder,
        "",
        "",
        human_size(group.total_size),
        "",
        "",
        kind_text(group_kind(group)),
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
