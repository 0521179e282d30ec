"""Mark rules: which copy of each group to keep and which files to mark for tidying.

Qt-free. A rule returns the groups whose reference it changed (measured again against the new
one) and the marks it sets; `results_view` applies both. The copy a rule keeps is chosen by the
core's reference rule (`choose_reference`), the same the command line's `--reference` uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Set
from dataclasses import dataclass
from enum import Enum
from pathlib import PurePath

from neardup.core.match import MemberInfo, choose_reference
from neardup.core.settings import ReferenceRule
from neardup.gui.report_data import GroupRow, MemberRow, PairRow, with_reference
from neardup.gui.tidy.plan import TidyScope, same_format


class MarkRule(Enum):
    """The rules of the Marks menu (its entries, in the GUI's language, are in mark_actions)."""

    ALL_BUT_KEPT = "all-but-kept"
    EXACT_ONLY = "exact-only"
    KEEP_OLDEST = "keep-oldest"
    KEEP_NEWEST = "keep-newest"
    KEEP_LARGEST = "keep-largest"
    KEEP_IN_FOLDER = "keep-in-folder"
    CLEAR = "clear"


KEEP_RULES = {
    MarkRule.KEEP_OLDEST: ReferenceRule.OLDEST,
    MarkRule.KEEP_NEWEST: ReferenceRule.NEWEST,
    MarkRule.KEEP_LARGEST: ReferenceRule.LARGEST,
}


@dataclass(frozen=True, slots=True)
class MarkResult:
    changed_groups: tuple[GroupRow, ...]  # with their new reference
    marks: frozenset[str]  # every mark after the rule, in the groups it looked at and others
    untouched: int = 0  # groups the rule could not apply to (no copy in the chosen folder)


def _candidates(group: GroupRow, scope: TidyScope, in_trash: Set[str]) -> list[MemberRow]:
    """Members a rule may keep: scanned (the library is kept anyway) and not in the Trash."""
    return [
        m
        for m in group.members
        if not scope.is_library(m.document) and m.document.path not in in_trash
    ]


def _pick(members: list[MemberRow], rule: ReferenceRule) -> MemberRow:
    infos = [
        MemberInfo(m.document.path, m.document.size, m.document.modified_ns or 0, 0)
        for m in members
    ]
    return members[choose_reference(infos, rule)]


def _others(group: GroupRow) -> set[str]:
    return {m.document.path for m in group.members if not m.is_reference}


def _exact(group: GroupRow) -> set[str]:
    """The exact copies of the group's reference, in its format (`plan.same_format`)."""
    return {
        m.document.path
        for m in group.members
        if not m.is_reference and m.is_exact_copy and same_format(m.document.path, group.reference)
    }


def apply_rule(
    rule: MarkRule,
    groups: Iterable[GroupRow],
    scope: TidyScope,
    in_trash: Set[str],
    marks: Set[str],
    pair_of: Mapping[tuple[str, str], PairRow],
    folder: PurePath | None = None,
) -> MarkResult:
    """Apply a rule to ``groups`` (those shown); marks elsewhere stay as they were.

    Marks are paths; files tidying never moves (kept copies, library files) are dropped by
    the model, so a rule may name every other member.
    """
    groups = list(groups)
    touched = {m.document.path for g in groups for m in g.members}
    kept_marks = set(marks) - touched
    if rule is MarkRule.CLEAR:
        return MarkResult((), frozenset(kept_marks))
    if rule is MarkRule.ALL_BUT_KEPT:
        return MarkResult((), frozenset(kept_marks.union(*map(_others, groups))))
    if rule is MarkRule.EXACT_ONLY:
        return MarkResult((), frozenset(kept_marks.union(*map(_exact, groups))))
    choose: Callable[[GroupRow], MemberRow | None]
    if rule is MarkRule.KEEP_IN_FOLDER:
        if folder is None:
            raise ValueError("the rule needs a folder")
        chosen_folder = folder

        def choose(group: GroupRow) -> MemberRow | None:
            inside = [
                m
                for m in _candidates(group, scope, in_trash)
                if PurePath(m.document.path).is_relative_to(chosen_folder)
            ]
            return _pick(inside, scope.rule) if inside else None
    else:
        reference_rule = KEEP_RULES[rule]

        def choose(group: GroupRow) -> MemberRow | None:
            members = _candidates(group, scope, in_trash)
            return _pick(members, reference_rule) if members else None

    changed: list[GroupRow] = []
    untouched = 0
    new_marks = set(kept_marks)
    for group in groups:
        keep = choose(group)
        if keep is None:
            untouched += 1
            new_marks |= set(marks) & {m.document.path for m in group.members}
            continue
        if not keep.is_reference:
            group = with_reference(group, keep.document.path, pair_of)  # noqa: PLW2901
            changed.append(group)
        new_marks |= _others(group)
    return MarkResult(tuple(changed), frozenset(new_marks), untouched)


def keep_this_one(
    group: GroupRow, path: str, pair_of: Mapping[tuple[str, str], PairRow]
) -> GroupRow:
    """The group with ``path`` as its reference, the copy to keep."""
    return with_reference(group, path, pair_of)
