"""NearDup: find near-duplicate and partly copied documents.

The public Python API lives here; everything else is an implementation detail.
"""

from neardup._version import __version__

__all__ = ["__version__"]
