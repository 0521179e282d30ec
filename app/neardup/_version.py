"""The package version, kept in one place so packaging and reports agree."""

__version__ = "0.1.0"
