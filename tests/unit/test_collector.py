"""The collector freeze that keeps full collections off a scan's long-lived objects."""

from __future__ import annotations

import gc

from neardup.core.collector import collector_skips_existing_objects


def test_objects_made_inside_are_frozen_on_request_and_all_thawed_at_the_end() -> None:
    assert gc.get_freeze_count() == 0
    collector_skips_existing_objects.skip_new_objects()  # outside: nothing happens
    assert gc.get_freeze_count() == 0
    with collector_skips_existing_objects():
        frozen_on_entry = gc.get_freeze_count()
        kept = [[n] for n in range(10_000)]  # containers the collector tracks
        collector_skips_existing_objects.skip_new_objects()
        assert gc.get_freeze_count() >= frozen_on_entry + len(kept)
        with collector_skips_existing_objects():  # nested: the outer exit thaws
            more = [[n] for n in range(1_000)]
            assert gc.get_freeze_count() < frozen_on_entry + len(kept) + len(more)
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
