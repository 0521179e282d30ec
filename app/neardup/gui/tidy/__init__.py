"""Tidying: what may go to the Trash, moving it there and back, and the actions that do it."""
