"""Groups are connected components with a reference chosen by a rule."""

from neardup.core.match.groups import MemberInfo, build_groups
from neardup.core.settings import ReferenceRule


def infos() -> list[MemberInfo]:
    return [
        MemberInfo("/d/new-big.txt", size=900, mtime_ns=30, fingerprint=0b0000),
        MemberInfo("/d/old.txt", size=100, mtime_ns=10, fingerprint=0b0001),
        MemberInfo("/d/mid.txt", size=500, mtime_ns=20, fingerprint=0b0011),
        MemberInfo("/d/alone.txt", size=50, mtime_ns=5, fingerprint=0b1111),
        MemberInfo("/d/x.txt", size=10, mtime_ns=1, fingerprint=0),
        MemberInfo("/d/y.txt", size=10, mtime_ns=1, fingerprint=0),
    ]


def test_components_and_oldest_reference_with_distances() -> None:
    groups = build_groups(infos(), [(0, 1), (1, 2), (4, 5)])
    assert len(groups) == 2
    first = groups[0]
    assert first.reference == 1
    assert dict(first.members) == {1: 0, 0: 1, 2: 1}
    assert first.members[0] == (1, 0)  # the reference comes first
    assert all(3 not in dict(g.members) for g in groups)


def test_rules_pick_other_references() -> None:
    edges = [(0, 1), (1, 2)]
    assert build_groups(infos(), edges, ReferenceRule.LARGEST)[0].reference == 0
    assert build_groups(infos(), edges, ReferenceRule.NEWEST)[0].reference == 0


def test_ties_are_broken_by_path_not_by_order() -> None:
    (group,) = build_groups(infos(), [(5, 4)])
    assert group.reference == 4


def test_library_documents_are_preferred_as_reference() -> None:
    members = infos()
    members[2] = MemberInfo("/lib/mid.txt", 500, 20, 0b0011, preferred=True)
    assert build_groups(members, [(0, 1), (1, 2)])[0].reference == 2
