"""The parser every part of the command line is read with, and what it keeps of a mistake."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


class CommandParser(argparse.ArgumentParser):
    """The parser of the program or of one of its commands (``scan``, ``library add``).

    Arguments that no option takes are a mistake of the command they follow: its usage is
    shown, with the option meant where one is spelt nearly alike ("--treshold": did you mean
    --threshold?), where argparse gives the program's usage and no suggestion. The parser
    that read the command's own arguments stays on the namespace (`command_parser`), for a
    mistake found after parsing to show the same usage.
    """

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if not hasattr(parsed, _PARSER):  # the innermost command's parser returns first
            setattr(parsed, _PARSER, self)
        if extras:
            self.error(self._unrecognized(extras))
        return parsed, extras

    def _unrecognized(self, extras: list[str]) -> str:
        import difflib  # a mistake's cost alone

        message = f"unrecognized arguments: {' '.join(extras)}"
        options = list(self._option_string_actions)
        for extra in extras:
            name = extra.split("=", 1)[0]
            if name.startswith("--") and (close := difflib.get_close_matches(name, options, 1)):
                return f"{message} (did you mean {close[0]}?)"
        return message


_PARSER = "command_parser"


def command_parser(
    args: argparse.Namespace, default: argparse.ArgumentParser
) -> argparse.ArgumentParser:
    """The parser of the command ``args`` were read for (``default`` if none was kept)."""
    found = getattr(args, _PARSER, default)
    return found if isinstance(found, argparse.ArgumentParser) else default
