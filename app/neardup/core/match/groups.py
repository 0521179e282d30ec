"""Group near-duplicates into connected components and pick a reference per group."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from neardup.core.models import Group
from neardup.core.settings import DEFAULT_REFERENCE_RULE, ReferenceRule


@dataclass(frozen=True, slots=True)
class MemberInfo:
    """What the reference rule looks at for one document."""

    path: str
    size: int
    mtime_ns: int
    fingerprint: int
    preferred: bool = False  # e.g. a reference-library document


def _sort_key(rule: ReferenceRule) -> Callable[[MemberInfo], tuple[object, ...]]:
    # Ties fall through to the next criterion and finally to the path, so the
    # choice never depends on scan order.
    if rule is ReferenceRule.OLDEST:
        return lambda m: (not m.preferred, m.mtime_ns, -m.size, m.path)
    if rule is ReferenceRule.NEWEST:
        return lambda m: (not m.preferred, -m.mtime_ns, -m.size, m.path)
    if rule is ReferenceRule.LARGEST:
        return lambda m: (not m.preferred, -m.size, m.mtime_ns, m.path)
    return lambda m: (not m.preferred, len(m.path), m.path)


def choose_reference(members: Sequence[MemberInfo], rule: ReferenceRule) -> int:
    """The index in ``members`` of the one the rule keeps."""
    key = _sort_key(rule)
    return min(range(len(members)), key=lambda i: key(members[i]))


def component_roots(count: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """Union-find over nodes 0..count-1: the smallest node of each node's component."""
    parent = list(range(count))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        root_a, root_b = find(a), find(b)
        if root_a != root_b:
            parent[max(root_a, root_b)] = min(root_a, root_b)
    return [find(x) for x in range(count)]


def _components(count: int, edges: Sequence[tuple[int, int]]) -> list[list[int]]:
    roots = component_roots(count, edges)
    members: dict[int, list[int]] = {}
    for node in {n for edge in edges for n in edge}:
        members.setdefault(roots[node], []).append(node)
    return [sorted(group) for group in members.values() if len(group) > 1]


def build_groups(
    infos: Sequence[MemberInfo],
    edges: Sequence[tuple[int, int]],
    rule: ReferenceRule = DEFAULT_REFERENCE_RULE,
) -> list[Group]:
    """Connected components over near-duplicate edges, largest groups first."""
    groups: list[Group] = []
    components = sorted(_components(len(infos), edges), key=lambda g: (-len(g), infos[g[0]].path))
    for group_id, component in enumerate(components, start=1):
        reference = component[choose_reference([infos[i] for i in component], rule)]
        ref_fp = infos[reference].fingerprint
        members = tuple(
            sorted(
                ((i, (infos[i].fingerprint ^ ref_fp).bit_count()) for i in component),
                key=lambda m: (m[0] != reference, m[1], infos[m[0]].path),
            )
        )
        groups.append(Group(group_id, reference, members))
    return groups
