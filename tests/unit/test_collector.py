"""The collector freeze that keeps full collections off a scan's long-lived objects."""

from __future__ import annotations

import gc

from neardup.core.collector import collector_skips_existing_objects


def test_collection_is_off_inside_and_everything_is_thawed_at_the_end() -> None:
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    with collector_skips_existing_objects():
        assert not gc.isenabled()
        frozen_on_entry = gc.get_freeze_count()
        kept = [[n] for n in range(10_000)]  # containers the collector tracks
        with collector_skips_existing_objects():  # nested: freezes what exists by now
            assert gc.get_freeze_count() >= frozen_on_entry + len(kept)
        assert gc.get_freeze_count() > 0 and not gc.isenabled()  # the outer exit thaws
    assert gc.get_freeze_count() == 0 and gc.isenabled()


def test_collection_stays_off_after_the_scan_where_the_application_turned_it_off() -> None:
    gc.disable()
    try:
        with collector_skips_existing_objects():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
