"""The ignore list: pairs of documents by content hash and size, in SQLite, across openings."""

from __future__ import annotations

from pathlib import Path

import pytest

from neardup.core.store import DocumentKey, IgnoreList, IgnoreListError, content_hash


def _key(path: Path) -> DocumentKey:
    return DocumentKey(content_hash(path), path.stat().st_size)


def test_pairs_are_remembered_in_either_order_across_openings(tmp_path: Path) -> None:
    first, second, third = (tmp_path / f"{n}.txt" for n in "abc")
    first.write_text("the first text", encoding="utf-8")
    second.write_text("the second, longer text", encoding="utf-8")
    third.write_text("a third", encoding="utf-8")
    a, b, c = map(_key, (first, second, third))
    store = tmp_path / "state" / "ignored.sqlite3"
    ignored = IgnoreList(store)
    assert len(ignored) == 0 and not ignored.is_ignored(a, b)
    ignored.add([(b, a), (a, b)])
    assert len(ignored) == 1
    assert ignored.is_ignored(a, b) and ignored.is_ignored(b, a)
    assert not ignored.is_ignored(a, c)
    assert ignored.sizes() == {first.stat().st_size, second.stat().st_size}
    ignored.close()

    # a moved file has the same key: the pair is still ignored after reopening
    moved = tmp_path / "elsewhere" / "renamed.txt"
    moved.parent.mkdir()
    first.rename(moved)
    reopened = IgnoreList(store)
    assert reopened.is_ignored(_key(moved), b)
    reopened.remove([(b, _key(moved))])
    assert len(reopened) == 0
    reopened.close()
    assert len(IgnoreList(store)) == 0


def test_a_file_that_is_not_an_ignore_list_is_refused_and_left_alone(tmp_path: Path) -> None:
    document = tmp_path / "thesis.txt"
    document.write_text("my thesis, not a database", encoding="utf-8")
    with pytest.raises(IgnoreListError, match="cannot open the ignore list"):
        IgnoreList(document)
    assert document.read_text(encoding="utf-8") == "my thesis, not a database"
